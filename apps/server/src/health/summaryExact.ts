import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { exactQuantile } from './latency.js';
import type { WindowStats } from './summaryJson.js';
import { within } from './summaryStats.js';

/** Counts and durations (in no order) of one check's raw results over part of a window. */
interface RawPart {
  passed: number;
  failed: number;
  durations: number[];
}

/** Windows are kept in 5-minute slices of raw results, read once and shared. */
const SLICE_MS = 5 * 60_000;
/** Slices that ended less than this before now are read fresh: a run's result is written after the run. */
const SETTLE_MS = 5 * 60_000;
/** As the rollup parts: a result that lands late in a kept slice shows within this long. */
const TTL_MS = 5 * 60_000;

const sliceCache = new WeakMap<Db, Map<string, { at: number; part: Promise<Map<string, RawPart>> }>>();

/** One kept 5-minute slice [start, start + 5 min) of raw results. */
function slice(db: Db, start: number, checkId: string | undefined): Promise<Map<string, RawPart>> {
  return cached(sliceCache, db, `${checkId ?? '*'}|${start}`, () =>
    readRaw(db, [[new Date(start), new Date(start + SLICE_MS)]], checkId, false),
  );
}

/**
 * Uptime and exact percentiles (percentile_disc: the nearest rank) over [from, to] for a window
 * with no whole hour (15m, 1h), from raw check_statuses. The whole 5-minute slices of the window
 * that ended at least 5 minutes before `to` are read once and merged per check, and shared by
 * every request for at most 5 minutes each (a result that lands more than 5 minutes late shows
 * within 10); only the minutes before the first slice and the last 5-10 minutes are read each
 * time, so a 1-hour window reads about a fifth of its raw results per request.
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
    sliceCount > 0 ? keptPart(db, keptStart, sliceCount, checkId) : new Map<string, KeptPart>(),
  ]);
  const out = new Map<string, WindowStats>();
  const stats = (passed: number, failed: number, sorted: Int32Array): WindowStats => ({
    passed,
    failed,
    p95: exactQuantile(sorted, 0.95),
    p97: exactQuantile(sorted, 0.97),
    p99: exactQuantile(sorted, 0.99),
  });
  for (const [id, k] of kept) {
    const f = fresh.get(id);
    if (!f) {
      out.set(id, stats(k.passed, k.failed, k.durations));
      continue;
    }
    const all = new Int32Array(k.durations.length + f.durations.length);
    all.set(k.durations);
    all.set(f.durations, k.durations.length);
    out.set(id, stats(k.passed + f.passed, k.failed + f.failed, all.sort()));
  }
  for (const [id, f] of fresh) {
    if (!kept.has(id)) out.set(id, stats(f.passed, f.failed, Int32Array.from(f.durations).sort()));
  }
  return out;
}

/** A check's results over the kept slices of a window, durations sorted. */
interface KeptPart {
  passed: number;
  failed: number;
  durations: Int32Array;
}

const keptParts = new WeakMap<Db, Map<string, { at: number; part: Promise<Map<string, KeptPart>> }>>();

/** The kept slices from `start` merged per check: the same for every request until the window moves 5 minutes on. */
function keptPart(db: Db, start: number, count: number, checkId: string | undefined): Promise<Map<string, KeptPart>> {
  return cached(keptParts, db, `${checkId ?? '*'}|${start}|${count}`, async () => {
    const parts = await Promise.all(Array.from({ length: count }, (_, i) => slice(db, start + i * SLICE_MS, checkId)));
    const merged = new Map<string, { passed: number; failed: number; durations: number[] }>();
    for (const part of parts) {
      for (const [id, s] of part) {
        const m = merged.get(id);
        if (!m) merged.set(id, { passed: s.passed, failed: s.failed, durations: s.durations.slice() });
        else {
          m.passed += s.passed;
          m.failed += s.failed;
          for (const d of s.durations) m.durations.push(d);
        }
      }
    }
    const out = new Map<string, KeptPart>();
    for (const [id, m] of merged) out.set(id, { ...m, durations: Int32Array.from(m.durations).sort() });
    return out;
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
