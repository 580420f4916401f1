import type { CheckHealthFilter } from '@opsdeck/schema';
import type { Db } from '../db/connection.js';
import { histogramQuantile, LATENCY_BOUNDS_MS } from './latency.js';
import { summaryChecks } from './summaryChecks.js';
import { exactStats } from './summaryExact.js';
import { HEAD_SLICE_MS, settledHeadStats } from './summaryHead.js';
import { JsonBytes, type WindowStats, writeItem } from './summaryJson.js';
import { coverage } from './summaryRange.js';
import { currentHourStats, type PartStats, rawStats, rollupStats } from './summaryStats.js';
import './tables.js';

/**
 * Every live check (or those whose health is in `status`) with its uptime and p95/p97/p99 latency
 * over [from, to], written as the JSON array of `checks_summary` (CheckSummary items of
 * @opsdeck/schema) with room in front for the reply's other fields, and how many live checks
 * there are in all. Whole days come from check_statuses_1d, whole hours from
 * check_statuses_1h, the current partial hour from its check_statuses_1h row (summaryStats.ts
 * currentHourStats) and only the partial first hour from raw check_statuses, so a 5-year window
 * reads about as many rows as a 2-day one; the whole days and hours are shared by every request
 * within the same hour, and the checks' definitions by every request until one changes
 * (summaryChecks.ts). A window with no whole hour is read from raw rows, its percentiles within 1%;
 * longer ones take percentiles from the latency histograms (accurate to the bucket width).
 */
export async function checkSummariesJson(
  db: Db,
  from: Date,
  to: Date,
  opts: { checkId?: string; status?: ReadonlySet<CheckHealthFilter> } = {},
): Promise<{ body: JsonBytes; total: number }> {
  const [{ checks, bytes }, stats] = await Promise.all([
    summaryChecks(db, opts.checkId),
    loadStats(db, from, to, opts.checkId),
  ]);
  // the kept parts plus about 150 bytes of status, uptime, latency and times per check
  const only = opts.status;
  const out = new JsonBytes(only ? 4096 : bytes + checks.length * 160 + 2, 128);
  out.text('[');
  let first = true;
  for (const c of checks) {
    if (only && !only.has(c.state.status ?? 'unknown')) continue;
    if (!first) out.text(',');
    first = false;
    writeItem(out, c, stats.get(c.id));
  }
  out.text(']');
  return { body: out, total: checks.length };
}

// Below this the current hour's few raw results are cheaper to read than its 10,000 rollup rows.
const TAIL_FROM_ROLLUP_MS = 5 * 60_000;

async function loadStats(db: Db, from: Date, to: Date, checkId: string | undefined): Promise<Map<string, WindowStats>> {
  const cover = coverage(from, to);
  const out = new Map<string, WindowStats>();
  if (cover.days.length === 0 && cover.hours.length === 0) return exactStats(db, from, to, checkId);
  // the partial first hour: kept from its first 5-minute boundary on (summaryHead.ts), the
  // minutes before that read raw
  const head = cover.raw.find(([a]) => a === from);
  const settled =
    head && new Date(Math.min(Math.ceil(from.getTime() / HEAD_SLICE_MS) * HEAD_SLICE_MS, head[1].getTime()));
  // the current partial hour from its rollup row, unless it is only a few minutes old
  const tail = cover.raw.find(([, b]) => b === to);
  const tailFromRollup = tail !== undefined && to.getTime() - tail[0].getTime() >= TAIL_FROM_ROLLUP_MS;
  const raw: Array<[Date, Date]> = [];
  if (head && settled && from < settled) raw.push([from, settled]);
  if (tail && !tailFromRollup) raw.push(tail);
  const none = Promise.resolve(new Map<string, PartStats>());
  const parts = await Promise.all([
    rollupStats(db, cover, checkId),
    rawStats(db, raw, checkId, tail !== undefined && !tailFromRollup),
    tail && tailFromRollup ? currentHourStats(db, tail[0], to, checkId) : none,
    head && settled && settled < head[1] ? settledHeadStats(db, settled, head[1], checkId) : none,
  ]);
  // one scratch histogram for the sums: this runs for every check on every request
  const sum = new Array<number>(LATENCY_BOUNDS_MS.length + 1);
  for (const part of parts) {
    for (const id of part.keys()) {
      if (out.has(id)) continue;
      let passed = 0;
      let failed = 0;
      sum.fill(0);
      for (const p of parts) {
        const s = p.get(id);
        if (!s) continue;
        passed += s.passed;
        failed += s.failed;
        for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (s.hist[i] ?? 0);
      }
      let total = 0;
      for (const n of sum) total += n;
      out.set(id, {
        passed,
        failed,
        p95: histogramQuantile(sum, 0.95, total),
        p97: histogramQuantile(sum, 0.97, total),
        p99: histogramQuantile(sum, 0.99, total),
      });
    }
  }
  return out;
}
