import type { WindowStats } from './summaryJson.js';

/**
 * Every check's raw results of a short sliding window (15m, 1h), kept between summary requests so
 * that a request reads only the results stored since the previous one. Per check one Int32Array:
 * a header, the results in time order (time and code), and the durations of the counted results
 * sorted, so that uptime and p95/p97/p99 (exact nearest-rank values, as percentile_disc) cost a
 * lookup, and a result costs a few shifts of a short array when it comes or goes. About 12 bytes
 * per result: a check run every minute takes under 1 KB for an hour.
 *
 * Results with a time after the window's end (another process's clock ahead) are kept but not
 * counted until the window reaches them.
 */

const START = 0;
const END = 1;
/** Results in [START, ADMIT) are inside the window and counted. */
const ADMIT = 2;
const PASSED = 3;
const FAILED = 4;
const SORTED = 5;
const HEADER = 6;

/** A code's magnitude at or above this had no status (counted neither passed nor failed). */
const NO_STATUS = 1 << 30;
const DURATION_MASK = NO_STATUS - 1;
/** Offsets from the base are int32 milliseconds: a store is rebuilt well before they overflow. */
export const MAX_OFFSET_MS = 2 ** 31 - 1;

/**
 * A result's code: negative when it failed, its magnitude the duration plus 2 (1 without a
 * duration), plus NO_STATUS when it has no status. The same formula in SQL: summaryRecent.ts.
 */
export function resultCode(status: boolean | null, duration: number | null): number {
  const d = duration === null ? 1 : Math.min(Math.max(duration, 0), DURATION_MASK - 2) + 2;
  const magnitude = (status === null ? NO_STATUS : 0) + d;
  return status === false ? -magnitude : magnitude;
}

/** The duration of a code, or -1 for none. */
function durationOf(code: number): number {
  const d = Math.abs(code) & DURATION_MASK;
  return d === 1 ? -1 : d - 2;
}

function capacity(buf: Int32Array): number {
  return (buf.length - HEADER) / 3;
}

export class RecentResults {
  private readonly checks = new Map<string, Int32Array>();
  /** Checks whose counted results changed since `takeChanged`. */
  private changed = new Set<string>();
  /** The window [from, to] as offsets from `base`. */
  private from: number;
  private to: number;

  constructor(
    /** Epoch milliseconds that offsets count from. */
    readonly base: number,
    from: number,
    to: number,
  ) {
    this.from = from - base;
    this.to = to - base;
  }

  /** Whether the window [from, to] can be reached from the current one by moving forward. */
  canMoveTo(from: number, to: number): boolean {
    return from - this.base >= this.from && to - this.base >= this.to && to - this.base < MAX_OFFSET_MS;
  }

  /** Adds one check's results (offsets from `base`, codes of `resultCode`); one already kept is skipped. */
  add(checkId: string, times: readonly number[], codes: readonly number[]): void {
    let buf = this.checks.get(checkId);
    let moved = false;
    for (let i = 0; i < times.length; i++) {
      const t = times[i] as number;
      if (t < this.from || t > MAX_OFFSET_MS) continue;
      if (!buf) buf = new Int32Array(HEADER + 3 * Math.max(4, times.length - i));
      buf = insert(buf, t, codes[i] as number, this.to);
      if (counted) moved = true;
    }
    if (!buf) return;
    this.checks.set(checkId, buf);
    if (moved) this.changed.add(checkId);
  }

  /** Moves the window forward to [from, to]: results past `to` are counted, those before `from` dropped. */
  moveTo(from: number, to: number): void {
    const f = from - this.base;
    const t = to - this.base;
    if (f === this.from && t === this.to) return;
    this.from = f;
    this.to = t;
    for (const [id, buf] of this.checks) {
      const kept = capacity(buf);
      let changed = false;
      while ((buf[ADMIT] as number) < (buf[END] as number) && (buf[HEADER + (buf[ADMIT] as number)] as number) <= t) {
        count(buf, buf[HEADER + kept + (buf[ADMIT] as number)] as number, 1);
        buf[ADMIT] = (buf[ADMIT] as number) + 1;
        changed = true;
      }
      while ((buf[START] as number) < (buf[END] as number) && (buf[HEADER + (buf[START] as number)] as number) < f) {
        const at = buf[START] as number;
        if (at < (buf[ADMIT] as number)) {
          count(buf, buf[HEADER + kept + at] as number, -1);
          changed = true;
        } else buf[ADMIT] = at + 1;
        buf[START] = at + 1;
      }
      if (buf[START] === buf[END]) this.checks.delete(id);
      if (changed) this.changed.add(id);
    }
  }

  /** Uptime and percentiles of a check's counted results, undefined when it has none. */
  stats(checkId: string): WindowStats | undefined {
    const buf = this.checks.get(checkId);
    if (!buf || buf[ADMIT] === buf[START]) return undefined;
    const n = buf[SORTED] as number;
    const at = HEADER + 2 * capacity(buf);
    const q = (p: number) => (n === 0 ? undefined : buf[at + Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))]);
    return { passed: buf[PASSED] as number, failed: buf[FAILED] as number, p95: q(0.95), p97: q(0.97), p99: q(0.99) };
  }

  /** The checks whose stats changed since the previous call. */
  takeChanged(): Set<string> {
    const out = this.changed;
    this.changed = new Set();
    return out;
  }

  get size(): number {
    return this.checks.size;
  }
}

/** Whether the last `insert` counted its result (it was new and inside the window). */
let counted = false;

/**
 * Puts one result in time order (a result with the same time is the same result: skipped) and
 * counts it when it is inside the window; returns the buffer, another one when it was full.
 */
function insert(buf: Int32Array, t: number, code: number, to: number): Int32Array {
  let start = buf[START] as number;
  let end = buf[END] as number;
  let at = end;
  if (end > start && (buf[HEADER + end - 1] as number) >= t) {
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((buf[HEADER + mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo < end && buf[HEADER + lo] === t) {
      counted = false;
      return buf;
    }
    at = lo;
  }
  if (end === capacity(buf)) {
    buf = room(buf);
    at -= start;
    start = 0;
    end = buf[END] as number;
  }
  const cap = capacity(buf);
  buf.copyWithin(HEADER + at + 1, HEADER + at, HEADER + end);
  buf.copyWithin(HEADER + cap + at + 1, HEADER + cap + at, HEADER + cap + end);
  buf[HEADER + at] = t;
  buf[HEADER + cap + at] = code;
  buf[END] = end + 1;
  const admit = buf[ADMIT] as number;
  // results in [START, ADMIT) are exactly those at or before `to`
  if (t <= to && at <= admit) {
    buf[ADMIT] = admit + 1;
    count(buf, code, 1);
    counted = true;
  } else counted = false;
  return buf;
}

/**
 * The results moved to the front of the buffer: in place when that frees enough room, else in a
 * new buffer with room for half as many again (smaller, when most of the old one was unused).
 */
function room(buf: Int32Array): Int32Array {
  const start = buf[START] as number;
  const n = (buf[END] as number) - start;
  const sorted = buf[SORTED] as number;
  const cap = capacity(buf);
  if (start > 0 && 4 * n <= 3 * cap && 4 * n >= cap) {
    buf.copyWithin(HEADER, HEADER + start, HEADER + start + n);
    buf.copyWithin(HEADER + cap, HEADER + cap + start, HEADER + cap + start + n);
    buf[START] = 0;
    buf[END] = n;
    buf[ADMIT] = (buf[ADMIT] as number) - start;
    return buf;
  }
  const next = Math.max(4, Math.ceil(n * 1.5) + 1);
  const out = new Int32Array(HEADER + 3 * next);
  out.set(buf.subarray(HEADER + start, HEADER + start + n), HEADER);
  out.set(buf.subarray(HEADER + cap + start, HEADER + cap + start + n), HEADER + next);
  out.set(buf.subarray(HEADER + 2 * cap, HEADER + 2 * cap + sorted), HEADER + 2 * next);
  out[START] = 0;
  out[END] = n;
  out[ADMIT] = (buf[ADMIT] as number) - start;
  out[PASSED] = buf[PASSED] as number;
  out[FAILED] = buf[FAILED] as number;
  out[SORTED] = sorted;
  return out;
}

/** Counts a result in (sign 1) or out (sign -1) of the window's uptime and sorted durations. */
function count(buf: Int32Array, code: number, sign: 1 | -1): void {
  if (code < 0) buf[FAILED] = (buf[FAILED] as number) + sign;
  else if (code < NO_STATUS) buf[PASSED] = (buf[PASSED] as number) + sign;
  const d = durationOf(code);
  if (d < 0) return;
  const at = HEADER + 2 * capacity(buf);
  const n = buf[SORTED] as number;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((buf[at + mid] as number) < d) lo = mid + 1;
    else hi = mid;
  }
  if (sign === 1) {
    buf.copyWithin(at + lo + 1, at + lo, at + n);
    buf[at + lo] = d;
    buf[SORTED] = n + 1;
  } else {
    buf.copyWithin(at + lo, at + lo + 1, at + n);
    buf[SORTED] = n - 1;
  }
}
