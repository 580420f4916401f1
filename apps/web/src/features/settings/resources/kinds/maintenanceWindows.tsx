import { type MaintenanceSpec, maintenanceSpecSchema, parseDuration } from '@opsdeck/schema';
import { Age } from '../../../../ui/Age.js';
import { MaintenanceWindowForm } from '../../maintenance/MaintenanceWindowForm.js';
import { describeRecurrence } from '../../maintenance/recurrence.js';
import { SCOPES } from '../../maintenance/ScopeInput.js';
import { formatInstant } from '../../maintenance/zonedTime.js';
import { ResourceFormEditor } from '../ResourceFormEditor.js';
import type { ResourceKind } from '../types.js';

/** When a window is, for people: one-off bounds in the viewer's zone, or its recurrence in words. */
function when(spec: MaintenanceSpec | null | undefined): string {
  if (!spec) return '';
  if (spec.schedule) return describeRecurrence(spec.schedule, spec.duration, spec.timezone);
  return `${spec.start ? formatInstant(spec.start) : '?'} – ${spec.end ? formatInstant(spec.end) : '?'}`;
}

/** What a window silences, for people: "2 check selectors, 1 component selector". */
function scope(spec: MaintenanceSpec | null | undefined): string {
  return SCOPES.map((s) => [s.label, spec?.[s.key]?.length ?? 0] as const)
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label.toLowerCase()} (${n})`)
    .join(', ');
}

const hasSelector = (list: unknown) =>
  Array.isArray(list) && list.some((s) => s && typeof s === 'object' && Object.keys(s).length > 0);

/** The problems of a window's spec by path (`spec.start`), as the form shows them beside their fields. */
function specErrors(raw: unknown): Record<string, string> {
  const spec = (raw && typeof raw === 'object' ? raw : {}) as MaintenanceSpec;
  const errors: Record<string, string> = {};
  if (spec.schedule === undefined) {
    if (!spec.start) errors['spec.start'] = 'Pick when it starts';
    if (!spec.end) errors['spec.end'] = 'Pick when it ends';
    else if (spec.start && Date.parse(spec.end) <= Date.parse(spec.start))
      errors['spec.end'] = 'Must be after the start';
  } else {
    if (!spec.schedule.trim()) errors['spec.schedule'] = 'Enter a cron expression, e.g. 0 2 * * 0';
    if (!spec.duration || parseDuration(spec.duration) === undefined)
      errors['spec.duration'] = 'Enter a duration such as 90m or 2h';
  }
  if (!SCOPES.some((s) => hasSelector(spec[s.key])))
    errors['spec.checks'] = 'Choose what it silences: at least one selector of checks, components or config items';
  // the shared schema's word on the rest (a field it does not know, a wrong type)
  const parsed = maintenanceSpecSchema.safeParse(spec);
  for (const issue of parsed.error?.issues ?? []) {
    const path = ['spec', ...issue.path.map(String)].join('.');
    const field = path.split('.').slice(0, 2).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Maintenance windows (docs/status-pages.md): name and description, when and what on a form, or the whole row as YAML. */
export const maintenanceWindowsKind: ResourceKind = {
  table: 'maintenance_windows',
  title: 'Maintenance Windows',
  noun: 'maintenance window',
  resource: 'canaries',
  listSelect: 'id,name,spec,created_at,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    {
      id: 'spec',
      header: 'When',
      cell: (r) => <span className="text-xs text-zinc-600">{when(r.spec as MaintenanceSpec | null)}</span>,
    },
    {
      id: 'scope',
      header: 'Silences',
      cell: (r) => <span className="text-xs text-zinc-600">{scope(r.spec as MaintenanceSpec | null)}</span>,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,description,spec,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, help: 'Shown on status pages over what it covers.' },
    { name: 'description', label: 'Description', kind: 'textarea', emptyIsText: true },
  ],
  yamlColumns: ['spec'],
  blank: () => ({ name: '', description: '', spec: { checks: [{}] } }),
  validate: (v) => {
    const errors: Record<string, string> = specErrors(v.spec);
    if (!String(v.name ?? '').trim()) errors.name = 'This field is required';
    return errors;
  },
  form: MaintenanceWindowForm,
  specEditor: ResourceFormEditor,
};
