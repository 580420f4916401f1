import type { ServiceLevelObjective } from '@opsdeck/schema';
import { validateObjective } from '../../objectives/validate.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate } from '../locate.js';
import '../../objectives/tables.js';

/** ServiceLevelObjective (opsdeck.dev/v1): stored as Settings › Objectives saves one; figures are computed on read. */
export const objectiveKind = defineKind<ServiceLevelObjective>({
  table: 'service_level_objectives',
  validate: validateObjective,
  find: (scope, r) =>
    locate(scope, 'service_level_objectives', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    const id = await locate(scope, 'service_level_objectives', {
      name: r.metadata.name,
      namespace: r.metadata.namespace,
    });
    const values = {
      description: r.spec.description ?? '',
      spec: JSON.stringify(r.spec),
      source: APPLIED_SOURCE,
    };
    if (id) {
      await scope.trx.updateTable('service_level_objectives').set(values).where('id', '=', id).execute();
      return;
    }
    await scope.trx
      .insertInto('service_level_objectives')
      .values({ ...values, name: r.metadata.name, namespace: r.metadata.namespace, created_by: scope.author })
      .execute();
  },
  async remove(scope, id) {
    await scope.trx
      .updateTable('service_level_objectives')
      .set({ deleted_at: scope.now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  },
});
