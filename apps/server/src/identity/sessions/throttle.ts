import type { Clock } from '../../clock.js';

/**
 * Recent failure times per key, bounded: at most `maxKeys` keys (the least recently failed is
 * dropped first), at most `maxPerKey` times per key, and each time forgotten after `windowMs`.
 * Per process: each OpsDeck process counts on its own.
 */
export class FailureLog {
  private entries = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 20_000,
    private readonly maxPerKey = 32,
  ) {}

  /** The failure times of `key` still in the window, oldest first. */
  recent(key: string, now: number): number[] {
    const list = this.entries.get(key);
    if (!list) return [];
    const kept = list.filter((t) => now - t < this.windowMs);
    if (kept.length) this.entries.set(key, kept);
    else this.entries.delete(key);
    return kept;
  }

  add(key: string, now: number): void {
    const list = this.recent(key, now);
    list.push(now);
    if (list.length > this.maxPerKey) list.splice(0, list.length - this.maxPerKey);
    this.entries.delete(key); // re-insert: Map order is the least-recently-failed order
    this.entries.set(key, list);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(oldest);
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every key `match` accepts (a walk over at most `maxKeys` keys). */
  clearWhere(match: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (match(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Second-factor attempts of a signed-in session: past `max` wrong codes in the window the session's
 * identity waits until the oldest leaves it. Only someone who passed the password gets here, so
 * this lock cannot be used against someone else (password sign-in: signInThrottle.ts).
 */
export class LoginThrottle {
  private failures: FailureLog;

  constructor(
    private clock: Clock,
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
  ) {
    this.failures = new FailureLog(windowMs);
  }

  /** Milliseconds until `key` may try again, or 0. */
  retryAfter(key: string): number {
    const now = this.clock.now().getTime();
    const recent = this.failures.recent(key, now);
    if (recent.length < this.max) return 0;
    return this.windowMs - (now - (recent[recent.length - this.max] ?? now));
  }

  fail(key: string): void {
    this.failures.add(key, this.clock.now().getTime());
  }

  succeed(key: string): void {
    this.failures.clear(key);
  }
}
