import { Link } from 'react-router';
import { Age } from '../../../../ui/Age.js';
import { ApplicationSpecEditor } from '../../../applications/ApplicationSpecEditor.js';
import type { ResourceKind } from '../types.js';

/**
 * Applications (docs/applications.md): the audit's catalog selectors, edited in a form or as the
 * Application YAML (`specEditor`), so `fields` and `yamlColumns` stay empty. The list links each
 * to its report.
 */
export const applicationsKind: ResourceKind = {
  table: 'applications',
  title: 'Applications',
  noun: 'application',
  resource: 'database',
  listSelect: 'id,name,namespace,description,spec,source,updated_at',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    { id: 'type', header: 'Type', cell: (r) => String((r.spec as { type?: string } | null)?.type ?? '') },
    {
      id: 'report',
      header: 'Report',
      cell: (r) => (
        <Link
          to={`/applications/${encodeURIComponent(String(r.namespace))}/${encodeURIComponent(String(r.name))}`}
          className="text-indigo-600 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          Open report
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
  fields: [],
  yamlColumns: [],
  blank: () => ({ name: '', namespace: 'default', spec: {} }),
  specEditor: ApplicationSpecEditor,
  crdKind: 'Application',
};
