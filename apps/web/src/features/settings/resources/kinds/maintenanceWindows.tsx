import type { MaintenanceSpec } from '@opsdeck/schema';
import { Age } from '../../../../ui/Age.js';
import type { ResourceKind } from '../types.js';

function when(spec: MaintenanceSpec | null | undefined): string {
  if (!spec) return '';
  if (spec.schedule) return `${spec.schedule} for ${spec.duration ?? '?'} (${spec.timezone ?? 'UTC'})`;
  return `${spec.start ?? '?'} – ${spec.end ?? '?'}`;
}

/** Maintenance windows (docs/status-pages.md): name and description on the form; when and what as YAML. */
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
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,description,spec,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, help: 'Shown on status pages over what it covers.' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  yamlColumns: ['spec'],
  blank: () => ({
    name: '',
    description: '',
    spec: { schedule: '0 2 * * 0', duration: '2h', timezone: 'UTC', checks: [{ labelSelector: 'team=platform' }] },
  }),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!String(v.name ?? '').trim()) errors.name = 'This field is required';
    return errors;
  },
};
