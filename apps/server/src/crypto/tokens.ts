import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A high-entropy random secret (256 bits), URL-safe. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex digest: how tokens, session secrets and one-time codes are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

/** A numeric one-time code of `digits` digits, uniformly drawn. */
export function randomDigits(digits = 6): string {
  let out = '';
  while (out.length < digits) {
    const byte = randomBytes(1)[0] as number;
    if (byte < 250) out += String(byte % 10);
  }
  return out;
}
