import { Age } from '../../../../ui/Age.js';
import { playbookJobRuns } from '../../../playbooks/api.js';
import { PlaybookSpecEditor } from '../../playbooks/PlaybookSpecEditor.js';
import type { ResourceKind } from '../types.js';

/**
 * Playbooks: the Spec tab is the playbook builder and YAML editor over the Playbook document
 * (`specEditor`); the server validates it on save and derives title, category, description and
 * icon from the spec.
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
  // the builder edits name, namespace and the whole spec (title, category... included) as one document
  fields: [],
  yamlColumns: [],
  blank: () => ({ name: '', namespace: 'default', spec: { actions: [] } }),
  specEditor: PlaybookSpecEditor,
  crdKind: 'Playbook',
  jobRuns: playbookJobRuns,
};
