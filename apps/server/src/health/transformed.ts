import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { canaryLabels } from './canaries.js';
import type { TransformedCheck } from './execute.js';
import './tables.js';

/**
 * Stores the checks a `transform` produced (one per alert, per row, ...) as `checks` rows marked
 * `transformed`, under the canary of the check that produced them (whose labels they inherit);
 * answers their ids by name.
 * The checks this parent produced before and no longer does are removed (soft-deleted), first
 * marked healthy or unhealthy when their `transformDeleteStrategy` says so.
 */
export async function upsertTransformedChecks(
  db: Db,
  canaryId: string,
  parent: { id: string; type: string; spec: Record<string, unknown> },
  transformed: TransformedCheck[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const parentStrategy = deleteStrategy(parent.spec.transformDeleteStrategy);
  const inherited = await canaryLabels(db.kysely, canaryId);
  for (const t of transformed) {
    const type = t.type ?? parent.type;
    const strategy = deleteStrategy(t.transformDeleteStrategy) ?? parentStrategy;
    const row = await db.kysely
      .insertInto('checks')
      .values({
        canary_id: canaryId,
        type,
        name: t.name,
        namespace: t.namespace ?? (typeof parent.spec.namespace === 'string' ? parent.spec.namespace : null),
        description: t.description ?? null,
        icon: t.icon ?? null,
        labels: JSON.stringify({ ...inherited, ...(t.labels ?? {}) }),
        spec: JSON.stringify({
          name: t.name,
          endpoint: t.endpoint,
          parent: parent.id,
          ...(strategy ? { transformDeleteStrategy: strategy } : {}),
        }),
        transformed: true,
        deleted_at: t.deletedAt ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['canary_id', 'type', 'name', 'agent_id']).doUpdateSet((eb) => ({
          description: eb.ref('excluded.description'),
          labels: eb.ref('excluded.labels'),
          spec: eb.ref('excluded.spec'),
          deleted_at: t.deletedAt ? sql`${t.deletedAt}::timestamptz` : null,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(t.name, row.id);
  }
  if (ids.size) await removeVanished(db, canaryId, parent.id, [...ids.values()]);
  return ids;
}

const STRATEGIES = new Set(['MarkHealthy', 'MarkUnhealthy', 'Ignore']);

function deleteStrategy(v: unknown): string | undefined {
  return typeof v === 'string' && STRATEGIES.has(v) ? v : undefined;
}

/**
 * Soft-deletes the live checks `parentId` transformed into before but not this time; MarkHealthy
 * and MarkUnhealthy set their final status first, Ignore (or none) leaves it as it was.
 */
async function removeVanished(db: Db, canaryId: string, parentId: string, keep: string[]): Promise<void> {
  // checks_canary_id_idx covers the live checks of the canary; the parent is in the spec
  await sql`
    update checks set
      status = case spec->>'transformDeleteStrategy'
        when 'MarkHealthy' then 'healthy' when 'MarkUnhealthy' then 'unhealthy' else status end,
      deleted_at = now()
    where canary_id = ${canaryId} and transformed and deleted_at is null
      and spec->>'parent' = ${parentId} and not (id = any(${keep}::uuid[]))`.execute(db.kysely);
}
