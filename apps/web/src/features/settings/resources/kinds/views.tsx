import { Age } from '../../../../ui/Age.js';
import { ViewForm } from '../../../views/settings/ViewForm.js';
import { newViewSpec, viewFieldErrors } from '../../../views/settings/viewSpecForm.js';
import { ResourceFormEditor } from '../ResourceFormEditor.js';
import type { ResourceKind } from '../types.js';

/** Views: name and namespace, then the View spec (display, queries, columns, panels...) on a form, or the whole row as YAML. */
export const viewsKind: ResourceKind = {
  table: 'views',
  title: 'Views',
  noun: 'view',
  resource: 'views',
  listSelect: 'id,name,namespace,spec,source,created_at,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    {
      id: 'title',
      header: 'Title',
      cell: (r) => String((r.spec as { display?: { title?: string } } | null)?.display?.title ?? ''),
    },
    {
      id: 'sidebar',
      header: 'Sidebar',
      cell: (r) => ((r.spec as { display?: { sidebar?: boolean } } | null)?.display?.sidebar ? 'Yes' : 'No'),
    },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,namespace,labels,spec,source,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'namespace', label: 'Namespace', kind: 'text', required: true, fixedOnceSaved: true },
  ],
  yamlColumns: ['spec'],
  blank: () => ({ name: '', namespace: 'default', spec: newViewSpec() }),
  validate: viewFieldErrors,
  form: ViewForm,
  specEditor: ResourceFormEditor,
  crdKind: 'View',
  feature: 'views',
};
