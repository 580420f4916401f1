import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { histogramQuantile, LATENCY_BOUNDS_MS } from './latency.js';
import { summaryChecks } from './summaryChecks.js';
import { JsonBytes, type WindowStats, writeItem } from './summaryJson.js';
import { coverage } from './summaryRange.js';
import { type PartStats, rawStats, rollupStats, within } from './summaryStats.js';
import './tables.js';

/**
 * Every live check with its uptime and p95/p97/p99 latency over [from, to], written as the JSON
 * array of `checks_summary` (CheckSummary items of @opsdeck/schema) with room in front for the
 * reply's other fields. Whole days come from
 * check_statuses_1d, whole hours from check_statuses_1h and only the partial hours at the edges
 * from raw check_statuses, so a 5-year window reads about as many rows as a 2-day one; the rollup
 * part is shared by every request within the same hour (summaryStats.ts) and the checks'
 * definitions by every request until one changes (summaryChecks.ts). A window with no whole hour
 * is read from raw rows with exact percentiles; longer ones take percentiles from the latency
 * histograms (accurate to the bucket width).
 */
export async function checkSummariesJson(
  db: Db,
  from: Date,
  to: Date,
  opts: { checkId?: string } = {},
): Promise<JsonBytes> {
  const [{ checks, bytes }, stats] = await Promise.all([
    summaryChecks(db, opts.checkId),
    loadStats(db, from, to, opts.checkId),
  ]);
  // the kept parts plus about 150 bytes of status, uptime, latency and times per check
  const out = new JsonBytes(bytes + checks.length * 160 + 2, 128);
  out.text('[');
  for (let i = 0; i < checks.length; i++) {
    if (i > 0) out.text(',');
    const c = checks[i] as (typeof checks)[number];
    writeItem(out, c, stats.get(c.id));
  }
  out.text(']');
  return out;
}

async function loadStats(db: Db, from: Date, to: Date, checkId: string | undefined): Promise<Map<string, WindowStats>> {
  const cover = coverage(from, to);
  const out = new Map<string, WindowStats>();
  if (cover.days.length === 0 && cover.hours.length === 0) {
    // one JSON row rather than a row per check (see rawStats)
    const { rows } = await sql<{ checks: string }>`
      select coalesce(json_agg(json_build_array(check_id, passed, failed, q)), '[]')::text as checks
      from (select check_id, count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
                   percentile_disc(array[0.95, 0.97, 0.99]) within group (order by duration) as q
            from check_statuses
            where (${within('time', cover.raw, true)}) ${checkId ? sql`and check_id = ${checkId}` : sql``}
            group by check_id) g`.execute(db.kysely);
    const checks = JSON.parse(rows[0]?.checks ?? '[]') as Array<[string, number, number, Array<number | null> | null]>;
    for (const [id, passed, failed, q] of checks) {
      out.set(id, { passed, failed, p95: q?.[0] ?? undefined, p97: q?.[1] ?? undefined, p99: q?.[2] ?? undefined });
    }
    return out;
  }
  const [rollups, raw] = await Promise.all([rollupStats(db, cover, checkId), rawStats(db, cover.raw, checkId)]);
  // one scratch histogram for the sums: this runs for every check on every request
  const sum = new Array<number>(LATENCY_BOUNDS_MS.length + 1);
  const merge = (a: PartStats | undefined, b: PartStats | undefined): WindowStats => {
    let hist = (a ?? b)?.hist as number[];
    if (a && b) {
      for (let i = 0; i < sum.length; i++) sum[i] = (a.hist[i] ?? 0) + (b.hist[i] ?? 0);
      hist = sum;
    }
    let total = 0;
    for (const n of hist) total += n;
    return {
      passed: (a?.passed ?? 0) + (b?.passed ?? 0),
      failed: (a?.failed ?? 0) + (b?.failed ?? 0),
      p95: histogramQuantile(hist, 0.95, total),
      p97: histogramQuantile(hist, 0.97, total),
      p99: histogramQuantile(hist, 0.99, total),
    };
  };
  for (const [id, a] of rollups) out.set(id, merge(a, raw.get(id)));
  for (const [id, b] of raw) if (!rollups.has(id)) out.set(id, merge(undefined, b));
  return out;
}
