import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { WindowStats } from './summaryJson.js';

/**
 * One check's uptime and exact p95/p97/p99 (nearest rank) over [from, to] from its raw results, for
 * a window with no whole hour (15m, 1h). Every check at once is kept between requests instead
 * (summaryRecent.ts); one check's hour is a few dozen rows.
 */
export async function exactStats(db: Db, from: Date, to: Date, checkId: string): Promise<Map<string, WindowStats>> {
  const { rows } = await sql<{ passed: number; failed: number; p: number[] | null; n: number }>`
    select count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
           count(*)::int as n,
           percentile_disc(array[0.95, 0.97, 0.99]) within group (order by greatest(duration, 0))
             filter (where duration is not null) as p
    from check_statuses
    where check_id = ${checkId} and time >= ${from} and time <= ${to}`.execute(db.kysely);
  const r = rows[0];
  const out = new Map<string, WindowStats>();
  if (!r || r.n === 0) return out;
  out.set(checkId, { passed: r.passed, failed: r.failed, p95: r.p?.[0], p97: r.p?.[1], p99: r.p?.[2] });
  return out;
}
