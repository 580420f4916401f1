import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { PackedSketches } from './packedSketches.js';
import { QuantileSketch } from './quantileSketch.js';
import type { WindowStats } from './summaryJson.js';
import { within } from './summaryStats.js';

/** Counts and durations (in no order) of one check's raw results over part of a window. */
interface RawPart {
  passed: number;
  failed: number;
  durations: number[];
}

/** Windows are kept from 5-minute boundaries; the kept part is read a slice at a time. */
const SLICE_MS = 5 * 60_000;
/** Slices that ended less than this before now are read fresh: a run's result is written after the run. */
const SETTLE_MS = 5 * 60_000;
/** As the rollup parts: a result that lands late in a kept part shows within this long. */
const TTL_MS = 5 * 60_000;

/**
 * Uptime and percentiles over [from, to] for a window with no whole hour (15m, 1h), from raw
 * check_statuses. The whole 5-minute slices of the window that ended at least 5 minutes before
 * `to` are kept per check as counts and a quantile sketch (quantileSketch.ts), shared by every
 * request for at most 5 minutes (a result that lands more than 5 minutes late shows within 10);
 * only the minutes before the first slice and the last 5-10 minutes are read each time, as raw
 * durations. Uptime is exact; p95/p97/p99 are the nearest-rank values within 1% (durations under
 * 50 ms exactly, as whole milliseconds), in memory that does not grow with the runs per hour.
 */
export async function exactStats(
  db: Db,
  from: Date,
  to: Date,
  checkId: string | undefined,
): Promise<Map<string, WindowStats>> {
  const keptStart = Math.ceil(from.getTime() / SLICE_MS) * SLICE_MS;
  const keptEnd = Math.max(keptStart, Math.floor((to.getTime() - SETTLE_MS) / SLICE_MS) * SLICE_MS);
  const sliceCount = keptStart < to.getTime() ? (keptEnd - keptStart) / SLICE_MS : 0;
  const freshIntervals: Array<[Date, Date]> = [];
  if (keptStart >= to.getTime()) freshIntervals.push([from, to]);
  else {
    if (from.getTime() < keptStart) freshIntervals.push([from, new Date(keptStart)]);
    freshIntervals.push([new Date(keptEnd), to]);
  }
  const [fresh, kept] = await Promise.all([
    readRaw(db, freshIntervals, checkId),
    sliceCount > 0 ? keptPart(db, keptStart, sliceCount, checkId) : EMPTY,
  ]);
  const out = new Map<string, WindowStats>();
  const stats = (passed: number, failed: number, row: number, extra: number[]): WindowStats => {
    const q = (p: number) => {
      const v = kept.sketches.quantile(row, p, extra);
      return v === undefined ? undefined : Math.round(v);
    };
    return { passed, failed, p95: q(0.95), p97: q(0.97), p99: q(0.99) };
  };
  for (const [id, row] of kept.rows) {
    const f = fresh.get(id);
    const extra = f ? f.durations.sort((a, b) => a - b) : [];
    const passed = (kept.passed[row] as number) + (f?.passed ?? 0);
    out.set(id, stats(passed, (kept.failed[row] as number) + (f?.failed ?? 0), row, extra));
  }
  for (const [id, f] of fresh) {
    if (!kept.rows.has(id))
      out.set(
        id,
        stats(
          f.passed,
          f.failed,
          -1,
          f.durations.sort((a, b) => a - b),
        ),
      );
  }
  return out;
}

/** Every check's results over the kept slices of a window: a row each, counts and sketches packed. */
interface KeptPart {
  rows: Map<string, number>;
  passed: Int32Array;
  failed: Int32Array;
  sketches: PackedSketches;
}

const EMPTY: KeptPart = {
  rows: new Map(),
  passed: new Int32Array(0),
  failed: new Int32Array(0),
  sketches: new PackedSketches([]),
};

const keptParts = new WeakMap<Db, Map<string, { at: number; part: Promise<KeptPart> }>>();

/**
 * The kept slices from `start`, the same for every request until the window moves 5 minutes on.
 * The slices are read in parallel and folded into the sketches as they arrive; their raw
 * durations are dropped once folded.
 */
function keptPart(db: Db, start: number, count: number, checkId: string | undefined): Promise<KeptPart> {
  return cached(keptParts, db, `${checkId ?? '*'}|${start}|${count}`, async () => {
    const merged = new Map<string, { passed: number; failed: number; sketch: QuantileSketch }>();
    const reads = Array.from({ length: count }, (_, i) => {
      const from = start + i * SLICE_MS;
      return readRaw(db, [[new Date(from), new Date(from + SLICE_MS)]], checkId, false);
    });
    // a failed read must not leave the others' rejections unhandled
    for (const r of reads) r.catch(() => {});
    for (const read of reads) {
      const part = await read;
      for (const [id, s] of part) {
        let m = merged.get(id);
        if (!m) {
          m = { passed: 0, failed: 0, sketch: new QuantileSketch() };
          merged.set(id, m);
        }
        m.passed += s.passed;
        m.failed += s.failed;
        for (const d of s.durations) m.sketch.add(d);
      }
    }
    const rows = new Map<string, number>();
    const passed = new Int32Array(merged.size);
    const failed = new Int32Array(merged.size);
    const sketches: QuantileSketch[] = [];
    for (const [id, m] of merged) {
      passed[sketches.length] = m.passed;
      failed[sketches.length] = m.failed;
      rows.set(id, sketches.length);
      sketches.push(m.sketch);
    }
    return { rows, passed, failed, sketches: new PackedSketches(sketches) };
  });
}

/** `load()` shared per key for TTL_MS after it started; a failed load is forgotten at once. */
function cached<T>(
  store: WeakMap<Db, Map<string, { at: number; part: Promise<T> }>>,
  db: Db,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let cache = store.get(db);
  if (!cache) {
    cache = new Map();
    store.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.part;
  for (const [k, v] of cache) if (now - v.at >= TTL_MS) cache.delete(k);
  const entry = { at: now, part: load() };
  const entries = cache;
  cache.set(key, entry);
  entry.part.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.part;
}

/**
 * Raw results in [start, end) intervals (the last one closed unless `closeLast` is false), per
 * check as one JSON row: on the embedded database each returned row costs several microseconds.
 */
async function readRaw(
  db: Db,
  intervals: Array<[Date, Date]>,
  checkId: string | undefined,
  closeLast = true,
): Promise<Map<string, RawPart>> {
  const { rows } = await sql<{ checks: string }>`
    select coalesce(json_agg(json_build_array(check_id, passed, failed, durations)), '[]')::text as checks
    from (select check_id, count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
                 array_agg(duration) filter (where duration is not null) as durations
          from check_statuses
          where (${within('time', intervals, closeLast)}) ${checkId ? sql`and check_id = ${checkId}` : sql``}
          group by check_id) g`.execute(db.kysely);
  const out = new Map<string, RawPart>();
  for (const [id, passed, failed, durations] of JSON.parse(rows[0]?.checks ?? '[]') as Array<
    [string, number, number, number[] | null]
  >) {
    out.set(id, { passed, failed, durations: durations ?? [] });
  }
  return out;
}
