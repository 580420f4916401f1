import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { runPrepared } from './prepared.js';

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

/** A run claimed in the database: due `at`, with `next` already stored as the following run. */
export interface ClaimedRun {
  id: string;
  at: number;
  next: number;
}

/**
 * Moves next_runtime of each due canary forward where it still holds the due time, recording the
 * claim; answers the winners. `canary_id = any(ids)` makes both engines probe the primary key
 * rather than hash the whole table, as they would for a plain join with unnest.
 */
export async function claimRuns(db: Db, owner: string, due: readonly ClaimedRun[]): Promise<Set<string>> {
  const ids = due.map((d) => d.id);
  const dueAt = due.map((d) => new Date(d.at).toISOString());
  const next = due.map((d) => new Date(d.next).toISOString());
  const rows = await runPrepared<{ canary_id: string }>(
    db,
    'opsdeck_claim_runs',
    sql`
    update canary_schedules s set next_runtime = v.next, claimed_by = ${owner}, claimed_slot = v.due,
      updated_at = now()
    from unnest(${ids}::uuid[], ${dueAt}::timestamptz[], ${next}::timestamptz[]) as v(id, due, next)
    where s.canary_id = any(${ids}::uuid[]) and s.canary_id = v.id and s.next_runtime <= v.due
    returning s.canary_id`,
  );
  return new Set(rows.map((r) => r.canary_id));
}

/** Hands claimed runs that were not started back: their due time is stored again where `owner` still holds them. */
export async function releaseRuns(db: Db, owner: string, pending: readonly ClaimedRun[]): Promise<void> {
  if (!pending.length) return;
  await sql`
    update canary_schedules s set next_runtime = v.at, claimed_by = null, claimed_slot = null
    from unnest(${pending.map((p) => p.id)}::uuid[], ${pending.map((p) => new Date(p.at).toISOString())}::timestamptz[],
                ${pending.map((p) => new Date(p.next).toISOString())}::timestamptz[]) as v(id, at, next)
    where s.canary_id = any(${pending.map((p) => p.id)}::uuid[]) and s.canary_id = v.id
      and s.claimed_by = ${owner} and s.next_runtime = v.next`.execute(db.kysely);
}
