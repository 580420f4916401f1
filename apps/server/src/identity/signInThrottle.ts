import type { Clock } from '../clock.js';
import { FailureLog } from './throttle.js';

/** When failures start to cost a wait: after `free` of them, `baseMs` doubling per failure up to `capMs`. */
interface Slowdown {
  free: number;
  baseMs: number;
  capMs: number;
}

const WINDOW_MS = 60 * 60_000;
const ACCOUNT: Slowdown = { free: 5, baseMs: 60_000, capMs: 15 * 60_000 };
// an address may be a whole office behind NAT: more room before it slows down
const ADDRESS: Slowdown = { free: 20, baseMs: 60_000, capMs: 15 * 60_000 };
const DEVICE: Slowdown = ACCOUNT;

/** Milliseconds still to wait after the last of `failures`, or 0. */
function waitAfter(failures: number[], now: number, s: Slowdown): number {
  const extra = failures.length - s.free;
  const last = failures[failures.length - 1];
  if (extra < 0 || last === undefined) return 0;
  return Math.max(0, last + Math.min(s.baseMs * 2 ** extra, s.capMs) - now);
}

/** One password sign-in attempt: the account asked for, the client address, and a known device. */
export interface SignInAttempt {
  account: string;
  address: string;
  /** Set when the request carries this account's device cookie (deviceCookie.ts). */
  device?: string | undefined;
}

/**
 * Slows password guessing without handing anyone a way to lock someone else out. Failures from
 * unknown devices slow down the account and the address: after 5 (20 per address), each next
 * attempt waits 1 minute after the last failure, doubling up to 15 minutes; an attempt refused
 * for waiting is not checked and does not count, so the right password works once the wait is
 * over. A device that signed in to the account before (its signed cookie) is not slowed by
 * others' failures, only by its own.
 */
export class SignInThrottle {
  private accounts = new FailureLog(WINDOW_MS);
  private addresses = new FailureLog(WINDOW_MS);
  private devices = new FailureLog(WINDOW_MS);

  constructor(private clock: Clock) {}

  /** Milliseconds until this attempt may be checked, or 0. */
  wait(a: SignInAttempt): number {
    const now = this.clock.now().getTime();
    if (a.device) return waitAfter(this.devices.recent(a.device, now), now, DEVICE);
    return Math.max(
      waitAfter(this.accounts.recent(a.account, now), now, ACCOUNT),
      waitAfter(this.addresses.recent(a.address, now), now, ADDRESS),
    );
  }

  fail(a: SignInAttempt): void {
    const now = this.clock.now().getTime();
    if (a.device) {
      this.devices.add(a.device, now);
      return;
    }
    this.accounts.add(a.account, now);
    this.addresses.add(a.address, now);
  }

  /** The account's failures stay (an attacker's count is not reset by its owner signing in). */
  succeed(a: SignInAttempt): void {
    if (a.device) this.devices.clear(a.device);
  }
}
