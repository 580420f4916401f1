import type { Clock } from '../clock.js';

/**
 * Counts failed sign-ins per identifier in a sliding window: past `max` failures the identifier
 * is refused until the oldest failure leaves the window, whatever address the attempts come
 * from. Kept in memory: each OpsDeck process limits on its own (the per-address limit is there too).
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private clock: Clock,
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
  ) {}

  /** Milliseconds until `key` may try again, or 0. */
  retryAfter(key: string): number {
    const now = this.clock.now().getTime();
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.failures.set(key, recent);
    if (recent.length < this.max) return 0;
    return this.windowMs - (now - (recent[0] ?? now));
  }

  fail(key: string): void {
    const list = this.failures.get(key) ?? [];
    list.push(this.clock.now().getTime());
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.failures.clear(); // bounded memory under a spray attack
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
