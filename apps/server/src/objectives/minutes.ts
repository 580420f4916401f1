import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { addHistograms, histogramQuantile } from '../health/index.js';
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
 * The minutes of `checkIds` in [from, to) from raw results (check_statuses, by its primary key
 * check_id, time), and the hours before them that only hourly rollups still hold. A result inside
 * an exclusion of its check is left out; a result without a status (invalid) counts neither.
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
  const ids = sql`${checkIds}::uuid[]`;
  const fromTs = new Date(Math.floor(from / MINUTE_MS) * MINUTE_MS).toISOString();
  const toTs = new Date(to).toISOString();
  const bad =
    rule.kind === 'availability'
      ? sql`bool_or(not s.status)`
      : sql`percentile_cont(${rule.percentile / 100}::float8) within group (order by s.duration) > ${rule.thresholdMs}`;
  const failing =
    rule.kind === 'availability'
      ? sql`array_agg(distinct s.check_id::text) filter (where not s.status)`
      : sql`array_agg(distinct s.check_id::text) filter (where s.duration > ${rule.thresholdMs})`;
  const { rows } = await sql<{ t: number; bad: boolean; failing: string[] | null }>`
    select (extract(epoch from date_trunc('minute', s.time)) * 1000)::float8 as t, ${bad} as bad, ${failing} as failing
    from check_statuses s
    where s.check_id = any(${ids}) and s.time >= ${fromTs}::timestamptz and s.time < ${toTs}::timestamptz
      and s.status is not null and not ${excluded(exclusions, 's.check_id', 's.time')}
    group by 1 order by 1`.execute(db);
  const minutes = rows.map((r) => ({
    t: Number(r.t),
    bad: Boolean(r.bad),
    ...(r.bad && r.failing?.length ? { failing: r.failing } : {}),
  }));
  // hours with no raw result at all: retention removed them, the rollup answers
  const { rows: raw } = await sql<{ t: number }>`
    select (extract(epoch from date_trunc('hour', s.time)) * 1000)::float8 as t from check_statuses s
    where s.check_id = any(${ids}) and s.time >= ${fromTs}::timestamptz and s.time < ${toTs}::timestamptz
    group by 1`.execute(db);
  const rawHours = new Set(raw.map((r) => Number(r.t)));
  const hourFrom = new Date(Math.floor(from / HOUR_MS) * HOUR_MS).toISOString();
  const { rows: rollups } = await sql<{
    t: number;
    total: number;
    failed: number;
    latency_histogram: number[] | null;
  }>`
    select (extract(epoch from h.created_at) * 1000)::float8 as t, h.total, h.failed, h.latency_histogram
    from check_statuses_1h h
    where h.check_id = any(${ids}) and h.created_at >= ${hourFrom}::timestamptz and h.created_at < ${toTs}::timestamptz
      and h.total > 0 and not ${excluded(exclusions, 'h.check_id', 'h.created_at')}`.execute(db);
  const byHour = new Map<number, typeof rollups>();
  for (const r of rollups) {
    const t = Number(r.t);
    if (rawHours.has(t)) continue;
    byHour.set(t, [...(byHour.get(t) ?? []), r]);
  }
  const hours: HourEstimate[] = [...byHour].map(([t, rs]) => {
    if (rule.kind === 'availability') return { t, ratio: Math.max(...rs.map((r) => r.failed / r.total)) };
    const p = histogramQuantile(addHistograms(rs.map((r) => r.latency_histogram)), rule.percentile / 100);
    return { t, ratio: p !== undefined && p > rule.thresholdMs ? 1 : 0 };
  });
  return { minutes, hours: hours.sort((a, b) => a.t - b.t) };
}
