import { Age } from '../../../../ui/Age.js';
import { playbookJobRuns } from '../../../playbooks/jobHistory.js';
import type { ResourceKind } from '../types.js';

const REQUIRED = 'This field is required';

/**
 * Playbooks: name, namespace, title, category, description and icon on the form; the Playbook
 * spec as YAML, validated by the server on save (left empty, title and the rest follow the spec).
 */
export const playbooksKind: ResourceKind = {
  table: 'playbooks',
  title: 'Playbooks',
  noun: 'playbook',
  resource: 'playbooks',
  listSelect: 'id,name,namespace,title,category,source,created_at,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    { id: 'title', header: 'Title', sortable: true, cell: (r) => String(r.title ?? '') },
    { id: 'category', header: 'Category', sortable: true, cell: (r) => String(r.category ?? '') },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,namespace,title,category,description,icon,spec,source,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'namespace', label: 'Namespace', kind: 'text', fixedOnceSaved: true },
    { name: 'title', label: 'Title', kind: 'text', help: 'Defaults to the spec title, else the name' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'icon', label: 'Icon', kind: 'text', placeholder: 'kubernetes' },
  ],
  yamlColumns: ['spec'],
  blank: () => ({ name: '', namespace: 'default', spec: { actions: [] } }),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!String(v.name ?? '').trim()) errors.name = REQUIRED;
    return errors;
  },
  crdKind: 'Playbook',
  jobRuns: playbookJobRuns,
};
