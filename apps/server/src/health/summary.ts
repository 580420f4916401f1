import type { CheckHealthFilter } from '@opsdeck/schema';
import type { Db } from '../db/connection.js';
import { histogramQuantile, LATENCY_BOUNDS_MS } from './latency.js';
import { summaryChecks } from './summaryChecks.js';
import { exactStats } from './summaryExact.js';
import { settledHeadStats } from './summaryHead.js';
import { JsonBytes, type WindowStats, writeItem } from './summaryJson.js';
import { coverage, edges } from './summaryRange.js';
import { currentHourStats, type PartStats, rawStats, rollupStats } from './summaryStats.js';
import { keptSummaryJson } from './summaryView.js';
import './tables.js';

/**
 * Every live check (or those whose health is in `status`) with its uptime and p95/p97/p99 latency
 * over [from, to], written as the JSON array of `checks_summary` (CheckSummary items of
 * @opsdeck/schema) with room in front for the reply's other fields, and how many live checks
 * there are in all. Whole days come from check_statuses_1d, whole hours from
 * check_statuses_1h, the current partial hour from its check_statuses_1h row (summaryStats.ts
 * currentHourStats) and only the partial first hour from raw check_statuses, so a 5-year window
 * reads about as many rows as a 2-day one. A window with no whole hour is read from raw rows, its
 * percentiles exact; longer ones take percentiles from the latency histograms (accurate to the
 * bucket width). For all checks, the checks' definitions, the closed parts of the window and each
 * check's reply item are kept between requests, and a request reads and writes again only what
 * changed since the previous one (summaryView.ts); a single check is read whole.
 */
export async function checkSummariesJson(
  db: Db,
  from: Date,
  to: Date,
  opts: { checkId?: string; status?: ReadonlySet<CheckHealthFilter> } = {},
): Promise<{ body: JsonBytes; total: number }> {
  if (!opts.checkId) return keptSummaryJson(db, from, to, opts.status);
  const [{ checks, bytes }, stats] = await Promise.all([
    summaryChecks(db, to, opts.checkId),
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

async function loadStats(db: Db, from: Date, to: Date, checkId: string): Promise<Map<string, WindowStats>> {
  const cover = coverage(from, to);
  const out = new Map<string, WindowStats>();
  if (cover.days.length === 0 && cover.hours.length === 0) return exactStats(db, from, to, checkId);
  const e = edges(from, to, cover);
  const none = Promise.resolve(new Map<string, PartStats>());
  const parts = await Promise.all([
    rollupStats(db, cover, checkId),
    rawStats(db, e.raw, checkId, e.rawTail),
    e.tailHour ? currentHourStats(db, e.tailHour, to, checkId) : none,
    e.settledHead ? settledHeadStats(db, e.settledHead[0], e.settledHead[1], checkId) : none,
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
