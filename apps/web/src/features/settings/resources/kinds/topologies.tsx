import { Link } from 'react-router';
import { Age } from '../../../../ui/Age.js';
import { TopologyForm } from '../../../topology/settings/TopologyForm.js';
import { TopologyRunNow } from '../../../topology/settings/TopologyRunNow.js';
import { newTopologySpec } from '../../../topology/settings/topologyForm.js';
import { topologyErrors } from '../../../topology/settings/topologySpecForm.js';
import { ResourceFormEditor } from '../ResourceFormEditor.js';
import type { ResourceKind } from '../types.js';

/**
 * Topologies (docs/topology.md): name, namespace, labels and the spec (components, their lookups
 * and children) on a form checked with the shared schema, or the whole row as YAML; Run Now beside
 * the title; Job History lists its runs.
 */
export const topologiesKind: ResourceKind = {
  table: 'topologies',
  title: 'Topology',
  noun: 'topology',
  resource: 'topologies',
  listSelect: 'id,name,namespace,schedule,source,agent_id,updated_at',
  columns: [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (r) => (
        <Link to={`/settings/topologies/${r.id}`} className="font-medium text-zinc-900 hover:underline">
          {r.name}
        </Link>
      ),
    },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    { id: 'schedule', header: 'Schedule', cell: (r) => String(r.schedule ?? '') },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,namespace,labels,spec,source,agent_id,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'namespace', label: 'Namespace', kind: 'text', fixedOnceSaved: true, placeholder: 'default' },
  ],
  yamlColumns: ['labels', 'spec'],
  blank: () => ({ name: '', namespace: 'default', spec: newTopologySpec() }),
  validate: topologyErrors,
  form: TopologyForm,
  specEditor: ResourceFormEditor,
  jobResourceType: 'topology',
  crdKind: 'Topology',
  actions: TopologyRunNow,
};
