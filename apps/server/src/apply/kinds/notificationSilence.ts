import { z } from 'zod';
import { silenceSelectorSchema, silenceValues } from '../../notifications/silences.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';

const notSilenced = unsupported(
  'silences match a resource by id, name, namespace, types, statuses and labelSelector; use filter (CEL) for the rest',
);
const selector = silenceSelectorSchema.extend({
  agent: notSilenced,
  cache: unsupported('silences are evaluated per event; there is no cache to direct'),
  fieldSelector: notSilenced,
  health: notSilenced,
  includeDeleted: notSilenced,
  limit: unsupported('a silence matches every resource its selector names; there is no limit'),
  scope: notSilenced,
  search: notSilenced,
  tagSelector: notSilenced,
});

const schema = crdSchema(
  'NotificationSilence',
  z.strictObject({
    description: z.string().max(4000).optional(),
    filter: z.string().optional(),
    from: z.string().optional(),
    until: z.string().optional(),
    recursive: z.boolean().default(false),
    selectors: z.array(selector).optional(),
  }),
);

type SilenceResource = z.infer<typeof schema>;

/** NotificationSilence (mission-control.flanksource.com/v1): stored as the silence form saves one. */
export const notificationSilenceKind = defineKind<SilenceResource>({
  table: 'notification_silences',
  validate: validator(schema),
  find: (scope, r) =>
    locate(scope, 'notification_silences', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    const { selectors, ...spec } = r.spec;
    const values = silenceValues(
      {
        ...spec,
        ...(selectors
          ? {
              selectors: selectors.map(({ id, name, namespace, types, statuses, labelSelector }) => ({
                id,
                name,
                namespace,
                types,
                statuses,
                labelSelector,
              })),
            }
          : {}),
        name: r.metadata.name,
        namespace: r.metadata.namespace,
      },
      scope.now,
    );
    const id = await locate(scope, 'notification_silences', { name: r.metadata.name, namespace: r.metadata.namespace });
    if (!id) {
      await scope.trx
        .insertInto('notification_silences')
        .values({ ...values, source: APPLIED_SOURCE, created_by: scope.author })
        .execute();
      return;
    }
    // without `from` a silence starts when first applied: applying it again keeps that start
    const { from, ...rest } = values;
    await scope.trx
      .updateTable('notification_silences')
      .set({ ...rest, ...(r.spec.from ? { from } : {}), source: APPLIED_SOURCE })
      .where('id', '=', id)
      .execute();
  },
  remove: (scope, id) => softDelete(scope, 'notification_silences', id),
});
