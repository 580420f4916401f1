import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { TransformedCheck } from './execute.js';
import './tables.js';

/**
 * Stores the checks a `transform` produced (one per alert, per row, ...) as `checks` rows marked
 * `transformed`, under the canary of the check that produced them; answers their ids by name.
 */
export async function upsertTransformedChecks(
  db: Db,
  canaryId: string,
  parent: { type: string; spec: Record<string, unknown> },
  transformed: TransformedCheck[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const t of transformed) {
    const type = t.type ?? parent.type;
    const row = await db.kysely
      .insertInto('checks')
      .values({
        canary_id: canaryId,
        type,
        name: t.name,
        namespace: t.namespace ?? (typeof parent.spec.namespace === 'string' ? parent.spec.namespace : null),
        description: t.description ?? null,
        icon: t.icon ?? null,
        labels: JSON.stringify(t.labels ?? {}),
        spec: JSON.stringify({ name: t.name, endpoint: t.endpoint }),
        transformed: true,
        deleted_at: t.deletedAt ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['canary_id', 'type', 'name', 'agent_id']).doUpdateSet((eb) => ({
          description: eb.ref('excluded.description'),
          labels: eb.ref('excluded.labels'),
          deleted_at: t.deletedAt ? sql`${t.deletedAt}::timestamptz` : null,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(t.name, row.id);
  }
  return ids;
}
