import { Secret, TOTP } from 'otpauth';
import type { SecretBox } from '../../crypto/secretBox.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';

/** The QR code encoder, loaded when someone sets up an authenticator app. */
const loadQrcode = lazyDriver(async () => (await import('qrcode')).default);

/** The stored TOTP credential: the seed sealed with the secret box, and the last accepted step. */
export interface TotpConfig {
  secret: string;
  last_step?: number;
}

const PERIOD = 30;

function totpFor(base32: string, email: string): TOTP {
  return new TOTP({
    issuer: 'OpsDeck',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** A new random TOTP seed (base32, 160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code as a PNG data URL, for authenticator apps. */
export async function totpQr(base32: string, email: string): Promise<{ uri: string; dataUrl: string }> {
  const uri = totpFor(base32, email).toString();
  return { uri, dataUrl: await (await loadQrcode()).toDataURL(uri, { width: 256, margin: 1 }) };
}

/**
 * Checks a code against a seed, allowing one step of clock drift either way. Returns the step
 * it matched, so callers can refuse a replay of an already-used code; undefined when wrong.
 */
export function checkTotp(base32: string, code: string, now: Date, lastStep?: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(base32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta;
  if (lastStep !== undefined && step <= lastStep) return undefined;
  return step;
}

/** Seals a seed for storage. */
export function sealTotp(box: SecretBox, base32: string): TotpConfig {
  return { secret: box.seal(base32) };
}

/** The current code of a seed (tests and software authenticators). */
export function totpCode(base32: string, now: Date): string {
  return totpFor(base32, '').generate({ timestamp: now.getTime() });
}
