import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/** Canaries loaded per statement when syncing: a first sync of 10,000 canaries never holds them all at once. */
export const SYNC_PAGE = 1000;

/** Canaries of this server (agents' own canaries carry their agent's id). */
const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/**
 * One page of this server's canaries ordered by id, after `after`: every live one on a first sync,
 * else those changed since `since`; each row carries the database's clock (`synced_at`).
 */
export function loadCanaryPage(db: Db, first: boolean, since: Date, after: string | undefined) {
  let q = db.kysely
    .selectFrom('canaries')
    .select(['id', 'name', 'namespace', 'labels', 'spec', 'deleted_at', 'updated_at'])
    .select(sql<Date>`now()`.as('synced_at'))
    .where('agent_id', '=', LOCAL_AGENT);
  q = first ? q.where('deleted_at', 'is', null) : q.where('updated_at', '>', since);
  if (after !== undefined) q = q.where('id', '>', after);
  return q.orderBy('id').limit(SYNC_PAGE).execute();
}

export type CanaryPageRow = Awaited<ReturnType<typeof loadCanaryPage>>[number];

/** The live checks of `ids` that run from their canary's spec, grouped by canary. */
export async function loadChecksByCanary(db: Db, ids: string[]) {
  const checks = await db.kysely
    .selectFrom('checks')
    .select(['id', 'canary_id', 'type', 'name', 'spec'])
    .where(sql<boolean>`canary_id = any(${ids}::uuid[])`)
    .where('deleted_at', 'is', null)
    .where('transformed', '=', false)
    .execute();
  const byCanary = new Map<string, typeof checks>();
  for (const c of checks) {
    const list = byCanary.get(c.canary_id);
    if (list) list.push(c);
    else byCanary.set(c.canary_id, [c]);
  }
  return byCanary;
}

/** The stored next run of each canary that has one. */
export async function storedNextRuns(db: Db, ids: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  const { rows } = await sql<{ canary_id: string; next_runtime: Date }>`
    select canary_id, next_runtime from canary_schedules where canary_id = any(${ids}::uuid[])`.execute(db.kysely);
  for (const r of rows) out.set(r.canary_id, r.next_runtime);
  return out;
}

/** Stores the next run of canaries placed anew; `replace` overwrites a stored one (a changed schedule). */
export async function storeNextRuns(db: Db, runs: Array<{ id: string; at: Date }>, replace: boolean): Promise<void> {
  if (!runs.length) return;
  await sql`
    insert into canary_schedules (canary_id, next_runtime)
    select * from unnest(${runs.map((m) => m.id)}::uuid[], ${runs.map((m) => m.at.toISOString())}::timestamptz[])
    on conflict (canary_id) do ${replace ? sql`update set next_runtime = excluded.next_runtime` : sql`nothing`}`.execute(
    db.kysely,
  );
}
