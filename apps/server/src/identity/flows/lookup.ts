import { randomInt } from 'node:crypto';
import argon2 from 'argon2';

/** Stored backup codes: argon2id hashes only, each with the time it was used. */
export interface LookupConfig {
  codes: Array<{ hash: string; used_at?: string }>;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const COUNT = 12;
const LENGTH = 10;
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Twelve fresh backup codes (10 characters, no look-alike letters). Shown once, never stored in clear. */
export function newLookupCodes(): string[] {
  return Array.from({ length: COUNT }, () =>
    Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
}

/** Hashes codes for storage. */
export async function hashLookupCodes(codes: string[]): Promise<LookupConfig> {
  return { codes: await Promise.all(codes.map(async (c) => ({ hash: await argon2.hash(c, ARGON2) }))) };
}

/**
 * Finds the code among the stored ones: `ok` with the index to mark used, `used` when it matched
 * a spent code, `invalid` otherwise.
 */
export async function matchLookupCode(
  config: LookupConfig,
  code: string,
): Promise<{ result: 'ok'; index: number } | { result: 'used' | 'invalid' }> {
  const clean = code.trim().toLowerCase().replace(/[\s-]/g, '');
  if (clean.length !== LENGTH) return { result: 'invalid' };
  for (const [index, stored] of config.codes.entries()) {
    if (await argon2.verify(stored.hash, clean).catch(() => false)) {
      return stored.used_at ? { result: 'used' } : { result: 'ok', index };
    }
  }
  return { result: 'invalid' };
}

/** How many codes are still unused. */
export function remainingLookupCodes(config: LookupConfig | undefined): number {
  return config?.codes.filter((c) => !c.used_at).length ?? 0;
}
