import type { z } from 'zod';
import { applyRule } from '../../notifications/rules.js';
import { notificationSpecSchema } from '../../notifications/spec.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, validator } from '../schema.js';

const schema = crdSchema('Notification', notificationSpecSchema);

/** Notification (mission-control.flanksource.com/v1): a rule, stored as the Notifications page saves one. */
export const notificationKind = defineKind<z.infer<typeof schema>>({
  table: 'notifications',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'notifications', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    await applyRule(scope.trx, r, scope.author, APPLIED_SOURCE);
  },
  remove: (scope, id) => softDelete(scope, 'notifications', id),
});
