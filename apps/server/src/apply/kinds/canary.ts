import type { CanaryResource } from '@opsdeck/schema';
import { systemClock } from '../../clock.js';
import { saveCanary, validateCanary } from '../../health/index.js';
import { execWriteRefusal } from '../../sandbox/execPolicy.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** Canary (canaries.flanksource.com/v1): a canary and its checks. */
export const canaryKind = defineKind<CanaryResource>({
  table: 'canaries',
  validate: validateCanary,
  refusal: (r, exec, roles) => execWriteRefusal(exec, roles, r.spec),
  find: (scope, r) =>
    locate(scope, 'canaries', {
      name: r.metadata.name,
      namespace: r.metadata.namespace ?? 'default',
      source: APPLIED_SOURCE,
      local: true,
    }),
  async save(scope, r) {
    await saveCanary(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author, clock: systemClock });
  },
  remove: (scope, id) => softDelete(scope, 'canaries', id),
});
