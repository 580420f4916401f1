import { Age } from '../../../../ui/Age.js';
import type { ResourceKind } from '../types.js';

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** Public status pages (docs/status-pages.md): slug, title, logo on the form; the groups as YAML. */
export const statusPagesKind: ResourceKind = {
  table: 'status_pages',
  title: 'Status Pages',
  noun: 'status page',
  resource: 'views',
  listSelect: 'id,name,title,created_at,updated_at',
  columns: [
    {
      id: 'title',
      header: 'Title',
      sortable: true,
      cell: (r) => <span className="font-medium">{String(r.title)}</span>,
    },
    {
      id: 'name',
      header: 'Public page',
      sortable: true,
      cell: (r) => (
        <a className="text-indigo-600 hover:underline" href={`/status/${encodeURIComponent(String(r.name))}`}>
          /status/{String(r.name)}
        </a>
      ),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,title,description,logo_url,spec,created_at,updated_at',
  fields: [
    {
      name: 'name',
      label: 'Slug',
      kind: 'text',
      required: true,
      help: 'The page is public at /status/{slug}: lower-case letters, digits and dashes.',
    },
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'logo_url', label: 'Logo URL', kind: 'text', placeholder: 'https://example.com/logo.png' },
  ],
  yamlColumns: ['spec'],
  blank: () => ({
    name: '',
    title: '',
    description: '',
    logo_url: '',
    spec: { groups: [{ name: 'Services', checks: [{ labelSelector: 'public=true' }] }], maintenanceDaysAhead: 7 },
  }),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!SLUG.test(String(v.name ?? ''))) errors.name = 'Lower-case letters, digits and dashes, 1-64 long';
    if (!String(v.title ?? '').trim()) errors.title = 'This field is required';
    return errors;
  },
};
