import type { CheckHealthFilter } from '@opsdeck/schema';
import type { Db } from '../db/connection.js';
import { histogramQuantile, LATENCY_BOUNDS_MS } from './latency.js';
import { type SummaryCheck, type SummaryChecks, summaryChecks } from './summaryChecks.js';
import { settledHeadStats } from './summaryHead.js';
import { currentHour } from './summaryHour.js';
import { SummaryItems } from './summaryItems.js';
import { itemMiddle, JsonBytes, stateJson, type WindowStats } from './summaryJson.js';
import { currentGeneration } from './summaryMarker.js';
import { coverage, edges } from './summaryRange.js';
import { type Recent, recentResults } from './summaryRecent.js';
import { laterStats, type PartStats, rawStats, rollupStats } from './summaryStats.js';

const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
/** A check's closed part packed: passed, failed, then the histogram. */
const W = BUCKETS + 2;
/** A window length nobody asked for this long is dropped with everything kept for it. */
const VIEW_TTL_MS = 10 * 60_000;

/**
 * What is kept for one window length (1d, 30d, ...): every live check's reply item as bytes
 * (summaryItems.ts), and the sum of its closed parts (whole days and hours, the settled head),
 * which stay the same until the hour turns, the head moves 5 minutes on or the rollups are read
 * again (summaryStats.ts, summaryHead.ts). A request adds only the current hour and the raw edges
 * to the checks whose state, current-hour row or edges changed, and writes only their items again.
 * Per check: the item (about 580 bytes, up to twice that before the buffer is compacted) and
 * (BUCKETS + 2) * 4 = 104 bytes of closed sums.
 */
interface View {
  usedAt: number;
  /** The catalog the items were written for (their places are its `checks`' places). */
  catalog: SummaryChecks | undefined;
  /** What every item depends on apart from the generations; any change writes every item again. */
  key: unknown[];
  items: SummaryItems;
  /** The generation when the items were last written. */
  seen: number;
  closedFrom: unknown[];
  closed: Int32Array;
  /** Checks whose items hold per-request parts (raw edges): written again on the next request. */
  fresh: Set<string>;
  /** Windows with no whole hour (15m, 1h): every check's results in the window, kept. */
  recent: Recent | undefined;
  refreshing: Promise<void> | undefined;
}

const views = new WeakMap<Db, Map<number, View>>();

/**
 * The summary items of every live check (or of those whose health is in `only`) over [from, to],
 * from what is kept for the window's length, and how many live checks there are.
 */
export async function keptSummaryJson(
  db: Db,
  from: Date,
  to: Date,
  only?: ReadonlySet<CheckHealthFilter>,
): Promise<{ body: JsonBytes; total: number }> {
  const view = viewOf(db, to.getTime() - from.getTime());
  // a request arriving while another refreshes the same window takes that refresh's items
  view.refreshing ??= refresh(db, view, from, to)
    .catch((err: unknown) => {
      // half-written items: write them all on the next request
      view.catalog = undefined;
      throw err;
    })
    .finally(() => {
      view.refreshing = undefined;
    });
  await view.refreshing;
  const checks = view.catalog?.checks ?? [];
  const keep = only && ((i: number) => only.has(checks[i]?.state.status ?? 'unknown'));
  const out = new JsonBytes(keep ? 4096 : view.items.live + 2, 128);
  out.text('[');
  view.items.writeTo(out, keep);
  out.text(']');
  return { body: out, total: checks.length };
}

function viewOf(db: Db, length: number): View {
  let byLength = views.get(db);
  if (!byLength) {
    byLength = new Map();
    views.set(db, byLength);
  }
  const now = Date.now();
  for (const [k, v] of byLength) if (now - v.usedAt >= VIEW_TTL_MS && !v.refreshing) byLength.delete(k);
  let view = byLength.get(length);
  if (!view) {
    view = {
      usedAt: now,
      catalog: undefined,
      key: [],
      items: new SummaryItems(),
      seen: 0,
      closedFrom: [],
      closed: new Int32Array(0),
      fresh: new Set(),
      recent: undefined,
      refreshing: undefined,
    };
    byLength.set(length, view);
  }
  view.usedAt = now;
  return view;
}

async function refresh(db: Db, view: View, from: Date, to: Date): Promise<void> {
  const cover = coverage(from, to);
  if (cover.days.length === 0 && cover.hours.length === 0) {
    const [catalog, recent] = await Promise.all([summaryChecks(db, to), recentResults(db, view.recent, from, to)]);
    view.recent = recent;
    const changed = recent.store.takeChanged();
    // a store read whole again is another key: every item is written again
    render(
      view,
      catalog,
      ['exact', recent.store],
      (c) => changed.has(c.id),
      (c) => recent.store.stats(c.id),
    );
    return;
  }
  view.recent = undefined;
  const e = edges(from, to, cover);
  const none = new Map<string, PartStats>();
  const [catalog, rollups, settledHead, rawEdges, hour, later] = await Promise.all([
    summaryChecks(db, to),
    rollupStats(db, cover, undefined),
    e.settledHead ? settledHeadStats(db, e.settledHead[0], e.settledHead[1], undefined) : none,
    rawStats(db, e.raw, undefined, e.rawTail),
    e.tailHour ? currentHour(db, e.tailHour, to) : undefined,
    e.tailHour ? laterStats(db, to, new Date(e.tailHour.getTime() + 3_600_000)) : none,
  ]);
  if (view.catalog !== catalog || view.closedFrom[0] !== rollups || view.closedFrom[1] !== settledHead) {
    view.closed = closedSums(catalog, [rollups, settledHead]);
    view.closedFrom = [rollups, settledHead];
  }
  const closed = view.closed;
  const fresh = view.fresh;
  const seen = view.seen;
  const sum = new Array<number>(BUCKETS);
  render(
    view,
    catalog,
    [rollups, settledHead, hour?.start, hour?.epoch],
    (c) => {
      const row = hour?.rows.get(c.id);
      return (row !== undefined && row.gen > seen) || rawEdges.has(c.id) || later.has(c.id) || fresh.has(c.id);
    },
    (c) => {
      const base = c.at * W;
      let passed = closed[base] as number;
      let failed = closed[base + 1] as number;
      for (let i = 0; i < BUCKETS; i++) sum[i] = closed[base + 2 + i] as number;
      const add = (s: PartStats | undefined, sign: 1 | -1) => {
        if (!s) return;
        passed += sign * s.passed;
        failed += sign * s.failed;
        for (let i = 0; i < BUCKETS; i++) sum[i] = (sum[i] as number) + sign * (s.hist[i] ?? 0);
      };
      add(hour?.rows.get(c.id), 1);
      add(rawEdges.get(c.id), 1);
      add(later.get(c.id), -1);
      return windowStats(passed, failed, sum);
    },
  );
  view.fresh = new Set([...rawEdges.keys(), ...later.keys()]);
}

/** Writes again the items of checks that changed (all of them when the catalog or `key` did). */
function render(
  view: View,
  catalog: SummaryChecks,
  key: unknown[],
  changed: (c: SummaryCheck) => boolean,
  stats: (c: SummaryCheck) => WindowStats | undefined,
): void {
  const all = view.catalog !== catalog || key.length !== view.key.length || key.some((k, i) => k !== view.key[i]);
  // the kept parts plus about 170 bytes of comma, status, uptime, latency and times per check
  if (all) view.items.reset(catalog.checks.length, catalog.bytes + catalog.checks.length * 170);
  const seen = view.seen;
  for (const c of catalog.checks) {
    if (!changed(c) && !all && c.gen <= seen) continue;
    view.items.set(c.at, c.head, itemMiddle(c, stats(c)), c.tail, stateJson(c.state));
  }
  view.catalog = catalog;
  view.key = key;
  view.seen = currentGeneration();
}

/** The closed parts of every check summed, packed by the check's place in the catalog. */
function closedSums(catalog: SummaryChecks, parts: Array<Map<string, PartStats>>): Int32Array {
  const out = new Int32Array(catalog.checks.length * W);
  for (const part of parts) {
    for (const [id, s] of part) {
      const c = catalog.byId.get(id);
      if (!c) continue;
      const base = c.at * W;
      out[base] = (out[base] as number) + s.passed;
      out[base + 1] = (out[base + 1] as number) + s.failed;
      for (let i = 0; i < BUCKETS; i++) out[base + 2 + i] = (out[base + 2 + i] as number) + (s.hist[i] ?? 0);
    }
  }
  return out;
}

function windowStats(passed: number, failed: number, hist: number[]): WindowStats {
  let total = 0;
  for (const n of hist) total += n;
  return {
    passed,
    failed,
    p95: histogramQuantile(hist, 0.95, total),
    p97: histogramQuantile(hist, 0.97, total),
    p99: histogramQuantile(hist, 0.99, total),
  };
}
