import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { histogramQuantile } from '../health/index.js';
import { HOUR_MS, type HourEstimate, MINUTE_MS, type MinuteResult } from './budget.js';

/** What makes a minute bad: a failed result, or a latency percentile above the threshold. */
export type MinuteRule = { kind: 'availability' } | { kind: 'latency'; thresholdMs: number; percentile: number };

/** A time a check's results do not count (a maintenance window covering it): [start, end). */
export interface Exclusion {
  checkId: string;
  start: number;
  end: number;
}

export interface MinuteSeries {
  minutes: MinuteResult[];
  hours: HourEstimate[];
}

/** Binds the exclusions as three parallel arrays (one unnest, whatever their number). */
function excluded(exclusions: Exclusion[], check: string, time: string) {
  if (exclusions.length === 0) return sql`false`;
  return sql`exists (
    select 1 from unnest(${exclusions.map((e) => e.checkId)}::uuid[],
                         ${exclusions.map((e) => new Date(e.start).toISOString())}::timestamptz[],
                         ${exclusions.map((e) => new Date(e.end).toISOString())}::timestamptz[]) as m(check_id, s, e)
    where m.check_id = ${sql.ref(check)} and ${sql.ref(time)} >= m.s and ${sql.ref(time)} < m.e)`;
}

/**
 * The hours of [from, to) known from rollups, except `rawHours` (read raw instead): availability
 * from the worst check, latency from the summed histogram.
 */
export async function rollupHours(
  db: Executor,
  checkIds: string[],
  rule: MinuteRule,
  from: string,
  to: string,
  exclusions: Exclusion[],
  rawHours: Set<number>,
): Promise<HourEstimate[]> {
  const ids = sql`${checkIds}::uuid[]`;
  const where = sql`h.check_id = any(${ids}) and h.created_at >= ${from}::timestamptz and h.created_at < ${to}::timestamptz
    and h.total > 0 and not ${excluded(exclusions, 'h.check_id', 'h.created_at')}`;
  const at = sql`(extract(epoch from h.created_at) * 1000)::float8`;
  if (rule.kind === 'availability') {
    const { rows } = await sql<{ t: number; ratio: number }>`
      select ${at} as t, max(h.failed::float8 / h.total) as ratio from check_statuses_1h h where ${where} group by 1`.execute(
      db,
    );
    return rows.filter((r) => !rawHours.has(Number(r.t))).map((r) => ({ t: Number(r.t), ratio: Number(r.ratio) }));
  }
  const { rows } = await sql<{ t: number; histogram: number[] }>`
    select t, array_agg(n order by i) as histogram from (
      select ${at} as t, u.i, sum(u.v)::int as n
      from check_statuses_1h h, unnest(h.latency_histogram) with ordinality as u(v, i)
      where ${where} group by 1, 2) x
    group by t`.execute(db);
  return rows
    .filter((r) => !rawHours.has(Number(r.t)))
    .map((r) => {
      const p = histogramQuantile(r.histogram, rule.percentile / 100);
      return { t: Number(r.t), ratio: p !== undefined && p > rule.thresholdMs ? 1 : 0 };
    });
}

/** One minute that has raw results: how many count (n), whether it is bad and which checks failed in it. */
export interface RawMinute {
  t: number;
  n: number;
  bad: boolean | null;
  failing: string[] | null;
}

/**
 * Every minute of `checkIds` in [fromTs, toTs) with a raw result (check_statuses, by its primary
 * key check_id, time), and what the results that count say of it: a result inside an exclusion of
 * its check, or without a status (invalid), counts neither.
 */
export async function readRawMinutes(
  db: Executor,
  checkIds: string[],
  rule: MinuteRule,
  fromTs: string,
  toTs: string,
  exclusions: Exclusion[],
): Promise<RawMinute[]> {
  const ids = sql`${checkIds}::uuid[]`;
  const bad =
    rule.kind === 'availability'
      ? sql`bool_or(not s.status) filter (where s.counted)`
      : sql`percentile_cont(${rule.percentile / 100}::float8) within group (order by s.duration) filter (where s.counted) > ${rule.thresholdMs}`;
  const failing =
    rule.kind === 'availability'
      ? sql`array_agg(distinct s.check_id::text) filter (where s.counted and not s.status)`
      : sql`array_agg(distinct s.check_id::text) filter (where s.counted and s.duration > ${rule.thresholdMs})`;
  const { rows } = await sql<RawMinute>`
    select (extract(epoch from date_trunc('minute', s.time)) * 1000)::float8 as t,
           count(*) filter (where s.counted)::int as n, ${bad} as bad, ${failing} as failing
    from (select c.check_id, c.time, c.status, c.duration,
                 c.status is not null and not ${excluded(exclusions, 'c.check_id', 'c.time')} as counted
          from check_statuses c
          where c.check_id = any(${ids}) and c.time >= ${fromTs}::timestamptz and c.time < ${toTs}::timestamptz) s
    group by 1 order by 1`.execute(db);
  return rows.map((r) => ({ ...r, t: Number(r.t) }));
}

/**
 * The minutes of `checkIds` in [from, to) from raw results, and the hours before them that only
 * hourly rollups still hold (an hour with any raw row in the range is read raw).
 */
export async function readMinutes(
  db: Executor,
  checkIds: string[],
  rule: MinuteRule,
  from: number,
  to: number,
  exclusions: Exclusion[],
): Promise<MinuteSeries> {
  if (checkIds.length === 0) return { minutes: [], hours: [] };
  const fromTs = new Date(Math.floor(from / MINUTE_MS) * MINUTE_MS).toISOString();
  const toTs = new Date(to).toISOString();
  const rows = await readRawMinutes(db, checkIds, rule, fromTs, toTs, exclusions);
  const rawHours = new Set(rows.map((r) => Math.floor(r.t / HOUR_MS) * HOUR_MS));
  const minutes = rows
    .filter((r) => r.n > 0)
    .map((r) => ({
      t: r.t,
      bad: Boolean(r.bad),
      ...(r.bad && r.failing?.length ? { failing: r.failing } : {}),
    }));
  const hourFrom = new Date(Math.floor(from / HOUR_MS) * HOUR_MS).toISOString();
  const hours = await rollupHours(db, checkIds, rule, hourFrom, toTs, exclusions, rawHours);
  return { minutes, hours: hours.sort((a, b) => a.t - b.t) };
}
