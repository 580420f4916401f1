import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomSecret } from '../../crypto/tokens.js';
import type { IdentityDeps } from '../deps.js';
import { readCookie, setCookie } from '../http.js';

/** The known-device cookie: sealed (encrypted and authenticated) with the installation's key. */
export const DEVICE_COOKIE = 'opsdeck_device';
const MAX_AGE_MS = 180 * 24 * 3_600_000;

interface DeviceClaim {
  /** The account (normalized identifier) this browser signed in to. */
  a: string;
  /** A random id of this browser, the key its own failures are counted under. */
  d: string;
  /** When it was issued (ms). */
  t: number;
}

function claimOf(deps: IdentityDeps, request: FastifyRequest): DeviceClaim | undefined {
  const raw = readCookie(request, DEVICE_COOKIE);
  if (!raw) return undefined;
  try {
    const claim = JSON.parse(deps.box.open(raw)) as Partial<DeviceClaim>;
    if (typeof claim.a !== 'string' || typeof claim.d !== 'string' || typeof claim.t !== 'number') return undefined;
    if (deps.clock.now().getTime() - claim.t > MAX_AGE_MS) return undefined;
    return claim as DeviceClaim;
  } catch {
    return undefined; // forged, from another installation, or garbage
  }
}

/** The device id when this request's browser signed in to `account` before, else undefined. */
export function knownDevice(deps: IdentityDeps, request: FastifyRequest, account: string): string | undefined {
  const claim = claimOf(deps, request);
  return claim && claim.a === account ? claim.d : undefined;
}

/** Marks the browser as a known device of `account` after a right password. */
export function rememberDevice(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, account: string) {
  const d = knownDevice(deps, request, account) ?? randomSecret(12);
  const claim: DeviceClaim = { a: account, d, t: deps.clock.now().getTime() };
  setCookie(reply, deps.config.identity, DEVICE_COOKIE, deps.box.seal(JSON.stringify(claim)), MAX_AGE_MS);
}
