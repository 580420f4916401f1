import type { Clock } from '../../clock.js';
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
 * Slows password guessing without handing a stranger a way to lock someone else out. Failures
 * from an unknown device count against the account *from that client address* (and against the
 * address as a whole): after 5 for one account and address (20 for an address over all
 * accounts), each next attempt from there waits 1 minute after the last failure, doubling up to
 * 15 minutes; an attempt refused for waiting is not checked and does not count, so the right
 * password works once the wait is over. So an attacker slows only themselves (and whoever shares
 * their address): the account's owner signs in from another address, or from a device that
 * signed in to the account before (its signed cookie), which only its own failures slow. A
 * successful sign-in clears the failures of its device and of its account and address; a
 * completed recovery clears the account's failures from every address.
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
      waitAfter(this.accounts.recent(accountFrom(a), now), now, ACCOUNT),
      waitAfter(this.addresses.recent(a.address, now), now, ADDRESS),
    );
  }

  fail(a: SignInAttempt): void {
    const now = this.clock.now().getTime();
    if (a.device) {
      this.devices.add(a.device, now);
      return;
    }
    this.accounts.add(accountFrom(a), now);
    this.addresses.add(a.address, now);
  }

  /** Clears what this attempt's own failures cost: its device's, and its account's from its address. */
  succeed(a: SignInAttempt): void {
    if (a.device) this.devices.clear(a.device);
    this.accounts.clear(accountFrom(a));
  }

  /** The owner proved the mailbox (recovery): the account's failures from every address go. */
  recovered(account: string): void {
    const prefix = `${account}\n`;
    this.accounts.clearWhere((key) => key.startsWith(prefix));
  }
}

/** The key of an account's failures from one client address. */
const accountFrom = (a: SignInAttempt) => `${a.account}\n${a.address}`;
