import type { ApplicationResource } from '@opsdeck/schema';
import { validateApplication } from '../../applications/applicationYaml.js';
import { saveApplication } from '../../applications/store.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** Application (mission-control.flanksource.com/v1): it selects and shows data, running nothing here. */
export const applicationKind = defineKind<ApplicationResource>({
  table: 'applications',
  validate: validateApplication,
  find: (scope, r) =>
    locate(scope, 'applications', { name: r.metadata.name, namespace: r.metadata.namespace ?? 'default' }),
  async save(scope, r) {
    await saveApplication(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author });
  },
  remove: (scope, id) => softDelete(scope, 'applications', id),
});
