import type { TopologyResource } from '@opsdeck/schema';
import { execWriteRefusal } from '../../sandbox/execPolicy.js';
import { saveTopology } from '../../topology/topologies.js';
import { validateTopology } from '../../topology/topologyYaml.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** Topology (canaries.flanksource.com/v1): a component tree and its lookups. */
export const topologyKind = defineKind<TopologyResource>({
  table: 'topologies',
  validate: validateTopology,
  refusal: (r, exec, roles) => execWriteRefusal(exec, roles, r.spec, 'Topology'),
  find: (scope, r) =>
    locate(scope, 'topologies', { name: r.metadata.name, namespace: r.metadata.namespace ?? 'default', local: true }),
  async save(scope, r) {
    await saveTopology(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author });
  },
  remove: (scope, id) => softDelete(scope, 'topologies', id),
});
