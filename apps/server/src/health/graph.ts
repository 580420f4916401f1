import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskedColumn } from '../rest/secrets.js';
import { addHistograms, exactQuantile, histogramQuantile } from './latency.js';
import './tables.js';

/** One point of a check's history graph. */
export interface GraphPoint {
  time: string;
  status: boolean;
  /** Average duration in the bucket, ms. */
  duration: number;
  passed: number;
  failed: number;
  message?: string;
  error?: string;
}

export interface CheckGraph {
  status: GraphPoint[];
  latency: { p99?: number; p97?: number; p95?: number };
  uptime: { passed: number; failed: number };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** canary-checker's bucket size for a window: up to 2h by minute, a day by 15 min, a week by hour, else 4h. */
export function bucketMs(rangeMs: number): number {
  if (rangeMs <= 2 * HOUR) return 60_000;
  if (rangeMs <= DAY) return 15 * 60_000;
  if (rangeMs <= 7 * DAY) return HOUR;
  return 4 * HOUR;
}

/** Windows longer than this are answered from the hourly rollups (plus raw rows at the edges). */
const RAW_LIMIT_MS = DAY;

// a bucket's latest message or error, masked as /api/db/check_statuses reads it (docs/secrets.md)
const masked = (column: 'message' | 'error') =>
  maskedColumn('check_statuses', column, sql`(array_agg(${sql.ref(column)} order by time desc))[1]`, 'text');

/**
 * A check's history between `from` and `to`: status buckets, uptime and p95/p97/p99 latency.
 * Up to a day it reads raw check_statuses (exact percentiles); longer windows read the hourly
 * rollups for whole hours and raw rows only for the partial hours at both ends, so a year costs
 * about 9,000 rollup rows instead of half a million results per check.
 */
export async function checkGraph(db: Db, checkId: string, from: Date, to: Date): Promise<CheckGraph> {
  const range = to.getTime() - from.getTime();
  const width = bucketMs(range);
  if (range <= RAW_LIMIT_MS) return rawGraph(db, checkId, from, to, width);
  return rollupGraph(db, checkId, from, to, width);
}

async function rawGraph(db: Db, checkId: string, from: Date, to: Date, width: number): Promise<CheckGraph> {
  const seconds = width / 1000;
  const { rows } = await sql<{
    bucket: Date;
    status: boolean;
    duration: number;
    passed: number;
    failed: number;
    message: string | null;
    error: string | null;
    durations: number[];
  }>`
    select to_timestamp(floor(extract(epoch from time) / ${seconds}) * ${seconds}) as bucket,
           bool_and(status) as status, coalesce(avg(duration), 0)::int as duration,
           count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
           ${masked('message')} as message, ${masked('error')} as error,
           array_agg(coalesce(duration, 0)) as durations
    from check_statuses
    where check_id = ${checkId} and time >= ${from} and time <= ${to}
    group by 1 order by 1`.execute(db.kysely);
  const all = rows.flatMap((r) => r.durations).sort((a, b) => a - b);
  return {
    status: rows.map((r) => point(r.bucket, r.status, r.duration, r.passed, r.failed, r.message, r.error)),
    latency: {
      p99: exactQuantile(all, 0.99),
      p97: exactQuantile(all, 0.97),
      p95: exactQuantile(all, 0.95),
    },
    uptime: sumUptime(rows),
  };
}

async function rollupGraph(db: Db, checkId: string, from: Date, to: Date, width: number): Promise<CheckGraph> {
  const firstWhole = new Date(Math.ceil(from.getTime() / HOUR) * HOUR);
  const lastWhole = new Date(Math.floor(to.getTime() / HOUR) * HOUR);
  const hours = await db.kysely
    .selectFrom('check_statuses_1h')
    .select(['created_at', 'duration', 'total', 'passed', 'failed', 'latency_histogram'])
    .where('check_id', '=', checkId)
    .where('created_at', '>=', firstWhole)
    .where('created_at', '<', lastWhole)
    .orderBy('created_at')
    .execute();
  // the partial hours at both ends come from raw rows, folded into the same shape
  const { rows: edges } = await sql<{
    hour: Date;
    duration: number;
    total: number;
    passed: number;
    failed: number;
    hist: number[];
  }>`
    select date_trunc('hour', time, 'UTC') as hour, coalesce(sum(duration), 0)::int as duration, count(*)::int as total,
           count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
           check_latency_histogram(array_agg(duration)) as hist
    from check_statuses
    where check_id = ${checkId}
      and ((time >= ${from} and time < ${firstWhole}) or (time >= ${lastWhole} and time <= ${to}))
    group by 1`.execute(db.kysely);
  const all = [
    ...hours.map((h) => ({ ...h, created_at: h.created_at, latency_histogram: h.latency_histogram })),
    ...edges.map((e) => ({
      created_at: e.hour,
      duration: e.duration,
      total: e.total,
      passed: e.passed,
      failed: e.failed,
      latency_histogram: e.hist,
    })),
  ];
  const buckets = new Map<number, { duration: number; total: number; passed: number; failed: number }>();
  for (const h of all) {
    const key = Math.floor(h.created_at.getTime() / width) * width;
    const b = buckets.get(key) ?? { duration: 0, total: 0, passed: 0, failed: 0 };
    b.duration += Number(h.duration);
    b.total += h.total;
    b.passed += h.passed;
    b.failed += h.failed;
    buckets.set(key, b);
  }
  const histogram = addHistograms(all.map((h) => h.latency_histogram));
  const status = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, b]) =>
      point(new Date(t), b.failed === 0, b.total ? Math.round(b.duration / b.total) : 0, b.passed, b.failed),
    );
  return {
    status,
    latency: {
      p99: histogramQuantile(histogram, 0.99),
      p97: histogramQuantile(histogram, 0.97),
      p95: histogramQuantile(histogram, 0.95),
    },
    uptime: sumUptime(all),
  };
}

function point(
  time: Date,
  status: boolean,
  duration: number,
  passed: number,
  failed: number,
  message?: string | null,
  error?: string | null,
): GraphPoint {
  const p: GraphPoint = { time: time.toISOString(), status, duration, passed, failed };
  if (message) p.message = message;
  if (error) p.error = error;
  return p;
}

function sumUptime(rows: Array<{ passed: number; failed: number }>) {
  return rows.reduce((u, r) => ({ passed: u.passed + r.passed, failed: u.failed + r.failed }), {
    passed: 0,
    failed: 0,
  });
}
