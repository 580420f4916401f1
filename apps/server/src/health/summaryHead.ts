import type { Db } from '../db/connection.js';
import { type PartStats, rawStats } from './summaryStats.js';

export { HEAD_SLICE_MS } from './summaryRange.js';

/** As the rollup parts: a result that lands late in a past hour shows within this long. */
const TTL_MS = 5 * 60_000;

interface Kept {
  start: number;
  /** When the part was last read whole: it is read whole again TTL_MS later. */
  at: number;
  stats: Promise<Map<string, PartStats>>;
}

const kept = new WeakMap<Db, Map<string, Kept>>();

/**
 * Raw results in [start, end): the settled part of a window's partial first hour (at least an
 * hour old, as a whole hour lies between it and now), with `start` on a 5-minute boundary and
 * `end` on the hour. Kept per hour (and check filter) and shared by every request; as windows move
 * on, the kept part is cut down by the 5-minute slices they left behind, so a request reads at
 * most those 5 minutes of raw results instead of up to an hour. Read whole again after 5 minutes:
 * a result that lands late in a kept slice (an agent pushing old results) shows, or a cut slice
 * that got one stops undercounting, within that time.
 */
export function settledHeadStats(
  db: Db,
  start: Date,
  end: Date,
  checkId: string | undefined,
): Promise<Map<string, PartStats>> {
  let cache = kept.get(db);
  if (!cache) {
    cache = new Map();
    kept.set(db, cache);
  }
  const now = Date.now();
  for (const [k, v] of cache) if (now - v.at >= TTL_MS) cache.delete(k);
  const key = `${checkId ?? '*'}|${end.toISOString()}`;
  const hit = cache.get(key);
  if (hit && hit.start === start.getTime()) return hit.stats;
  const whole = () => rawStats(db, [[start, end]], checkId, false);
  let entry: Kept;
  if (hit && hit.start < start.getTime()) {
    const left: [Date, Date] = [new Date(hit.start), start];
    const stats = hit.stats.then(async (before) => {
      const gone = await rawStats(db, [left], checkId, false);
      return without(before, gone) ?? whole();
    });
    entry = { start: start.getTime(), at: hit.at, stats };
  } else {
    entry = { start: start.getTime(), at: now, stats: whole() };
  }
  cache.set(key, entry);
  const entries = cache;
  entry.stats.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.stats;
}

/**
 * `from` less `gone`, as new objects (requests may still be reading `from`); undefined when a
 * count would go below zero, i.e. a result landed late in a slice after it was kept.
 */
function without(from: Map<string, PartStats>, gone: Map<string, PartStats>): Map<string, PartStats> | undefined {
  const out = new Map<string, PartStats>();
  for (const [id, s] of from) out.set(id, { passed: s.passed, failed: s.failed, hist: s.hist.slice() });
  for (const [id, g] of gone) {
    const s = out.get(id);
    if (!s) return undefined;
    s.passed -= g.passed;
    s.failed -= g.failed;
    if (s.passed < 0 || s.failed < 0) return undefined;
    for (let i = 0; i < g.hist.length; i++) {
      const n = (s.hist[i] ?? 0) - (g.hist[i] ?? 0);
      if (n < 0) return undefined;
      s.hist[i] = n;
    }
  }
  return out;
}
