import type { ViewResource } from '@opsdeck/schema';
import { saveView, validateView } from '../../views/viewYaml.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** View (mission-control.flanksource.com/v1): a dashboard; its queries read, they run nothing here. */
export const viewKind = defineKind<ViewResource>({
  table: 'views',
  validate: validateView,
  find: (scope, r) => locate(scope, 'views', { name: r.metadata.name, namespace: r.metadata.namespace ?? 'default' }),
  async save(scope, r) {
    await saveView(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author });
  },
  remove: (scope, id) => softDelete(scope, 'views', id),
});
