import { OBJECTIVE_API_VERSION, OBJECTIVE_KIND, serviceLevelObjectiveSchema } from '@opsdeck/schema';
import { Link } from 'react-router';
import { Age } from '../../../../ui/Age.js';
import { ObjectiveForm } from '../../../objectives/ObjectiveForm.js';
import { ResourceFormEditor } from '../ResourceFormEditor.js';
import type { ResourceKind } from '../types.js';

/** The problems of a row as the server reads it (the whole document), by path (`spec.target`). */
function specErrors(values: Record<string, unknown>): Record<string, string> {
  const parsed = serviceLevelObjectiveSchema.safeParse({
    apiVersion: OBJECTIVE_API_VERSION,
    kind: OBJECTIVE_KIND,
    metadata: { name: String(values.name || 'objective'), namespace: String(values.namespace || 'default') },
    spec: values.spec ?? {},
  });
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String);
    if (path[0] !== 'spec') continue;
    errors[path.slice(0, 2).join('.')] ??= issue.message;
  }
  return errors;
}

/** Service level objectives (docs/architecture.md "Objectives"): a form over target, window and indicator, or the YAML. */
export const objectivesKind: ResourceKind = {
  table: 'service_level_objectives',
  title: 'Objectives',
  noun: 'objective',
  resource: 'canaries',
  listSelect: 'id,name,namespace,spec,source,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    {
      id: 'target',
      header: 'Target',
      cell: (r) => {
        const s = r.spec as { target?: number; window?: string } | null;
        return `${s?.target ?? '?'}% / ${s?.window ?? '?'}`;
      },
    },
    {
      id: 'figures',
      header: 'Budget',
      cell: (r) => (
        <Link
          to={`/objectives/${r.id}`}
          className="text-indigo-600 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          Open
        </Link>
      ),
    },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,namespace,description,spec,source,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'namespace', label: 'Namespace', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'description', label: 'Description', kind: 'textarea', emptyIsText: true },
  ],
  yamlColumns: ['spec'],
  blank: () => ({
    name: '',
    namespace: 'default',
    description: '',
    spec: { target: 99.9, window: '30d', indicator: { availability: { checks: {} } } },
  }),
  validate: (v) => {
    const errors = specErrors(v);
    if (!String(v.name ?? '').trim()) errors.name = 'This field is required';
    return errors;
  },
  form: ObjectiveForm,
  specEditor: ResourceFormEditor,
  crdKind: OBJECTIVE_KIND,
};
