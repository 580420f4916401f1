import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { MAX_OFFSET_MS, RecentResults } from './recentResults.js';
import { OVERLAP_MS } from './summaryMarker.js';

/** A short window's kept results, and the database time from which the next read starts. */
export interface Recent {
  store: RecentResults;
  readFrom: Date;
}

/** A whole read goes a slice at a time, so that no one text holds the hour of 100,000 checks. */
const SLICE_MS = 5 * 60_000;

/**
 * Every check's results over [from, to] (a window with no whole hour: 15m, 1h), from what was kept
 * for the previous request of the same window length plus the results stored since then. Results
 * are found by check_statuses.created_at, the time their writer's transaction began: a read takes
 * the rows created since the oldest transaction that was still open at the previous read (a
 * writer slower than that read cannot hide a row from the next one), less OVERLAP_MS for writers
 * the database does not show to this role; a row read twice is counted once. A window that moved
 * back (a clock set back) is read whole again.
 */
export async function recentResults(db: Db, kept: Recent | undefined, from: Date, to: Date): Promise<Recent> {
  if (kept?.store.canMoveTo(from.getTime(), to.getTime())) {
    const next = await openSince(db);
    kept.store.moveTo(from.getTime(), to.getTime());
    await readInto(
      db,
      kept.store,
      sql`created_at >= ${new Date(kept.readFrom.getTime() - OVERLAP_MS)} and time >= ${from}`,
    );
    return { store: kept.store, readFrom: next };
  }
  const readFrom = await openSince(db);
  const store = new RecentResults(from.getTime(), from.getTime(), to.getTime());
  for (let t = from.getTime(); t < to.getTime(); t += SLICE_MS) {
    const end = new Date(Math.min(t + SLICE_MS, to.getTime()));
    await readInto(db, store, sql`time >= ${new Date(t)} and time < ${end}`);
  }
  // results stamped at or after `to`: another process's clock ahead, counted once the window reaches them
  await readInto(db, store, sql`time >= ${to}`);
  return { store, readFrom };
}

/** The start of the oldest transaction open now, or now: every row created later is not yet visible. */
async function openSince(db: Db): Promise<Date> {
  const { rows } = await sql<{ at: Date | string }>`
    select least(clock_timestamp(),
                 (select min(xact_start) from pg_stat_activity where datname = current_database())) as at`.execute(
    db.kysely,
  );
  return new Date(rows[0]?.at ?? Date.now());
}

/** Adds the results matching `where` to the store, per check as one JSON row (times as offsets). */
async function readInto(db: Db, store: RecentResults, where: RawBuilder<unknown>): Promise<void> {
  // the code of recentResults.ts resultCode: sign for failed, 2^30 for no status, duration + 2 or 1
  const { rows } = await sql<{ checks: string }>`
    select coalesce(json_agg(json_build_array(check_id, t, c)), '[]')::text as checks
    from (select check_id,
                 array_agg(((extract(epoch from time) * 1000)::bigint - ${store.base}::bigint)::int order by time) as t,
                 array_agg((case when status is false then -1 else 1 end)
                           * ((case when status is null then 1073741824 else 0 end)
                              + coalesce(least(greatest(duration, 0), 1073741821) + 2, 1)) order by time) as c
          from check_statuses
          where (${where}) and time < ${new Date(store.base + MAX_OFFSET_MS)}
          group by check_id) g`.execute(db.kysely);
  for (const [id, times, codes] of JSON.parse(rows[0]?.checks ?? '[]') as Array<[string, number[], number[]]>) {
    store.add(id, times, codes);
  }
}
