import { Age } from '../../../../ui/Age.js';
import type { ResourceKind } from '../types.js';

/** Log backends: a name on the form; labels and the backend spec as YAML. Hidden with the logs feature. */
export const loggingBackendsKind: ResourceKind = {
  table: 'logging_backends',
  title: 'Log Backends',
  noun: 'log backend',
  resource: 'logging_backends',
  listSelect: 'id,name,labels,source,created_at,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    {
      id: 'labels',
      header: 'Labels',
      cell: (r) => (
        <span className="text-xs text-zinc-600">
          {Object.entries((r.labels as Record<string, string> | null) ?? {})
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')}
        </span>
      ),
    },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'created_at',
      header: 'Created',
      sortable: true,
      cell: (r) => <Age date={r.created_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,labels,spec,source,agent_id,created_at,updated_at',
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true }],
  yamlColumns: ['labels', 'spec'],
  blank: () => ({ name: '', labels: {}, spec: {} }),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!String(v.name ?? '').trim()) errors.name = 'This field is required';
    return errors;
  },
  crdKind: 'LoggingBackend',
  feature: 'logs',
};
