import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { LATENCY_BOUNDS_MS } from './latency.js';
import type { Coverage } from './summaryRange.js';

/** Counts and latency histogram of one check over part of a window. */
export interface PartStats {
  passed: number;
  failed: number;
  hist: number[];
}

const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
// width_bucket counts thresholds <= d; with bound+1 that is the number of bounds below d, i.e. the
// histogram bucket of an integer duration (d <= bound[i] and d > bound[i-1])
const THRESHOLDS = LATENCY_BOUNDS_MS.map((b) => b + 1);

/** [start, end) predicates on `column`; the last interval is closed when `closeLast`. */
export function within(column: string, intervals: Array<[Date, Date]>, closeLast = false) {
  const ref = sql.ref(column);
  return sql.join(
    intervals.map(([a, b], i) =>
      closeLast && i === intervals.length - 1
        ? sql`(${ref} >= ${a} and ${ref} <= ${b})`
        : sql`(${ref} >= ${a} and ${ref} < ${b})`,
    ),
    sql` or `,
  );
}

const only = (checkId: string | undefined) => (checkId ? sql`and check_id = ${checkId}` : sql``);

/** Raw results matching `where`, grouped per (check, histogram bucket) and returned as one JSON text. */
function rawGroups(where: RawBuilder<unknown>, checkId: string | undefined) {
  return sql<string>`(select coalesce(json_agg(json_build_array(check_id, b, passed, failed, n)), '[]')::text
    from (select check_id, width_bucket(duration, ${THRESHOLDS}::int[]) as b,
                 count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
                 count(duration)::int as n
          from check_statuses
          where (${where}) ${only(checkId)}
          group by 1, 2) g)`;
}

type Group = [string, number | null, number, number, number];

/** Adds (sign 1) or takes out (sign -1) raw groups from per-check stats. */
function fold(out: Map<string, PartStats>, groups: Group[], sign: 1 | -1): void {
  for (const [id, b, passed, failed, n] of groups) {
    let s = out.get(id);
    if (!s) {
      s = { passed: 0, failed: 0, hist: new Array<number>(BUCKETS).fill(0) };
      out.set(id, s);
    }
    s.passed += sign * passed;
    s.failed += sign * failed;
    if (b !== null) s.hist[b] = (s.hist[b] as number) + sign * n;
  }
}

/**
 * Raw results in the [start, end) intervals (the last one closed when `closeLast`: it ends at the
 * window's end), folded per check into counts and a histogram (no per-row function
 * calls). The groups come back as one JSON row: on the embedded database each returned row costs
 * several microseconds of wire-protocol work, and an hour of raw results is tens of thousands of
 * (check, bucket) groups.
 */
export async function rawStats(
  db: Db,
  intervals: Array<[Date, Date]>,
  checkId: string | undefined,
  closeLast: boolean,
): Promise<Map<string, PartStats>> {
  const out = new Map<string, PartStats>();
  if (intervals.length === 0) return out;
  const { rows } = await sql<{ groups: string }>`
    select ${rawGroups(within('time', intervals, closeLast), checkId)} as groups`.execute(db.kysely);
  fold(out, JSON.parse(rows[0]?.groups ?? '[]') as Group[], 1);
  return out;
}

/**
 * The results of the current hour up to `to` (inclusive): its check_statuses_1h row less the raw
 * results after `to` (normally none; a clock ahead of this one can write some). Exact, because the
 * result writer adds each result to check_statuses and to the hourly rollup in one statement, and
 * both are read here in one statement; and 10,000 rollup rows instead of every raw result so far
 * this hour (up to 600,000 for 10,000 checks run every minute).
 */
export async function currentHourStats(
  db: Db,
  hour: Date,
  to: Date,
  checkId: string | undefined,
): Promise<Map<string, PartStats>> {
  const end = new Date(hour.getTime() + 3_600_000);
  const { rows } = await sql<{ hour: string; later: string }>`
    select (select coalesce(json_agg(json_build_array(check_id, passed, failed, latency_histogram)), '[]')::text
            from check_statuses_1h where created_at = ${hour} ${only(checkId)}) as hour,
           ${rawGroups(sql`time > ${to} and time < ${end}`, checkId)} as later`.execute(db.kysely);
  const out = new Map<string, PartStats>();
  const rollups = JSON.parse(rows[0]?.hour ?? '[]') as Array<[string, number, number, number[] | null]>;
  for (const [id, passed, failed, hist] of rollups) {
    out.set(id, { passed, failed, hist: Array.from({ length: BUCKETS }, (_, i) => hist?.[i] ?? 0) });
  }
  fold(out, JSON.parse(rows[0]?.later ?? '[]') as Group[], -1);
  return out;
}

/**
 * Raw results after `to` and before `end` (normally none; a clock ahead of this one can write
 * some), to take out of an hour's rollup row that already counts them.
 */
export async function laterStats(db: Db, to: Date, end: Date): Promise<Map<string, PartStats>> {
  const { rows } = await sql<{ later: string }>`
    select ${rawGroups(sql`time > ${to} and time < ${end}`, undefined)} as later`.execute(db.kysely);
  const out = new Map<string, PartStats>();
  fold(out, JSON.parse(rows[0]?.later ?? '[]') as Group[], 1);
  return out;
}

/** Rollup parts change only when late results land in a past hour; reuse them this long at most. */
const ROLLUP_TTL_MS = 5 * 60_000;
const rollupCache = new WeakMap<Db, Map<string, { at: number; stats: Promise<Map<string, PartStats>> }>>();

/**
 * The whole days and hours of a window from check_statuses_1d/_1h. These parts are the same for
 * every request within one hour, so they are computed once per hour window (and at most every
 * 5 minutes) and shared; only the raw edges are read per request.
 */
export function rollupStats(db: Db, cover: Coverage, checkId: string | undefined): Promise<Map<string, PartStats>> {
  const iso = (l: Array<[Date, Date]>) => l.map(([a, b]) => `${a.toISOString()}/${b.toISOString()}`).join(',');
  const key = `${checkId ?? '*'}|${iso(cover.days)}|${iso(cover.hours)}`;
  let cache = rollupCache.get(db);
  if (!cache) {
    cache = new Map();
    rollupCache.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < ROLLUP_TTL_MS) return hit.stats;
  for (const [k, v] of cache) if (now - v.at >= ROLLUP_TTL_MS) cache.delete(k);
  const stats = readRollups(db, cover, checkId);
  cache.set(key, { at: now, stats });
  stats.catch(() => cache.delete(key));
  return stats;
}

async function readRollups(db: Db, cover: Coverage, checkId: string | undefined): Promise<Map<string, PartStats>> {
  const out = new Map<string, PartStats>();
  const parts = [];
  if (cover.days.length) {
    parts.push(sql`select check_id, passed, failed, latency_histogram as h from check_statuses_1d
      where (${within('created_at', cover.days)}) ${only(checkId)}`);
  }
  if (cover.hours.length) {
    parts.push(sql`select check_id, passed, failed, latency_histogram as h from check_statuses_1h
      where (${within('created_at', cover.hours)}) ${only(checkId)}`);
  }
  if (parts.length === 0) return out;
  // one sum per histogram bucket keeps this a plain aggregate (no unnest of every array)
  const sums = sql.join(Array.from({ length: BUCKETS }, (_, i) => sql.raw(`coalesce(sum(h[${i + 1}]), 0)`)));
  // one JSON row rather than a row per check (see rawStats)
  const { rows } = await sql<{ checks: string }>`
    select coalesce(json_agg(json_build_array(check_id, passed, failed, hist)), '[]')::text as checks
    from (select check_id, sum(passed)::int as passed, sum(failed)::int as failed, array[${sums}]::int[] as hist
          from (${sql.join(parts, sql` union all `)}) p
          group by check_id) g`.execute(db.kysely);
  for (const [id, passed, failed, hist] of JSON.parse(rows[0]?.checks ?? '[]') as Array<
    [string, number, number, number[]]
  >) {
    out.set(id, { passed, failed, hist });
  }
  return out;
}
