/**
 * Where in its interval each `@every` canary runs. A random phase per canary leaves some seconds
 * with several canaries' checks and others with none; a planner that knows every scheduled
 * canary's phase and size puts a new canary in the least loaded part of its interval, so the
 * checks of a thousand canaries reach their targets at an even rate. The phase chosen is stored
 * (`canary_schedules.next_runtime`) and kept across restarts by `Schedule.resume`; the planner
 * only decides phases that are not stored yet. Phases are taken modulo the interval from the
 * epoch, so every process sees the same picture.
 */

/** Slots per interval at most: one second each up to 10-minute intervals, longer ones coarser. */
const MAX_SLOTS = 600;

interface Placed {
  periodMs: number;
  slot: number;
  width: number;
  weight: number;
}

class PeriodLoad {
  readonly slotMs: number;
  readonly load: Float64Array;
  members = 0;

  constructor(readonly periodMs: number) {
    this.slotMs = Math.max(1000, Math.ceil(periodMs / MAX_SLOTS));
    this.load = new Float64Array(Math.max(1, Math.floor(periodMs / this.slotMs)));
  }

  /** Adds `weight` spread evenly over `width` slots from `slot` (wrapping around the interval). */
  add(slot: number, width: number, weight: number): void {
    const n = this.load.length;
    const each = weight / width;
    for (let i = 0; i < width; i++) this.load[(slot + i) % n] = (this.load[(slot + i) % n] ?? 0) + each;
  }

  /** The slot from which `width` slots carry the least load; ties go to the first from `from`. */
  quietest(width: number, from: number): number {
    const n = this.load.length;
    let window = 0;
    for (let i = 0; i < width; i++) window += this.load[(from + i) % n] ?? 0;
    let best = from % n;
    let bestLoad = window;
    for (let k = 1; k < n; k++) {
      const s = (from + k) % n;
      window += (this.load[(s + width - 1) % n] ?? 0) - (this.load[(s - 1 + n) % n] ?? 0);
      if (window < bestLoad - 1e-9) {
        best = s;
        bestLoad = window;
      }
    }
    return best;
  }
}

/** The phase planner of one scheduler. */
export class PhasePlanner {
  private readonly periods = new Map<number, PeriodLoad>();
  private readonly placed = new Map<string, Placed>();

  /**
   * Records that canary `id` (of `checks` checks whose starts take `spreadMs`) runs every
   * `periodMs` at the phase of `at`. Replaces what was recorded for it.
   */
  record(id: string, periodMs: number, at: number, checks: number, spreadMs: number): void {
    this.forget(id);
    const period = this.period(periodMs);
    const slot = Math.floor((((at % periodMs) + periodMs) % periodMs) / period.slotMs) % period.load.length;
    const width = Math.min(period.load.length, Math.max(1, Math.ceil(spreadMs / period.slotMs)));
    const weight = Math.max(1, checks);
    period.add(slot, width, weight);
    period.members++;
    this.placed.set(id, { periodMs, slot, width, weight });
  }

  /** Forgets canary `id` (deleted, or no longer an `@every` canary). */
  forget(id: string): void {
    const p = this.placed.get(id);
    if (!p) return;
    this.placed.delete(id);
    const period = this.periods.get(p.periodMs);
    if (!period) return;
    period.add(p.slot, p.width, -p.weight);
    if (--period.members === 0) this.periods.delete(p.periodMs);
  }

  /**
   * The first run after `now` of a new canary: in the least loaded part of its interval (a
   * stable per-canary offset inside the slot), recorded at once so the next one goes elsewhere.
   */
  place(id: string, periodMs: number, now: number, checks: number, spreadMs: number, key = id): number {
    const period = this.period(periodMs);
    const width = Math.min(period.load.length, Math.max(1, Math.ceil(spreadMs / period.slotMs)));
    const hash = stableHash(key);
    const slot = period.quietest(width, hash % period.load.length);
    const phase = slot * period.slotMs + (hash % period.slotMs);
    const into = ((now % periodMs) + periodMs) % periodMs;
    const at = now + ((phase - into + periodMs) % periodMs);
    this.record(id, periodMs, at, checks, spreadMs);
    return at;
  }

  private period(periodMs: number): PeriodLoad {
    let p = this.periods.get(periodMs);
    if (!p) {
      p = new PeriodLoad(periodMs);
      this.periods.set(periodMs, p);
    }
    return p;
  }
}

/** FNV-1a over the key: a stable spread of offsets. */
export function stableHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
