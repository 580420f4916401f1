import argon2 from 'argon2';
import { text, type UiText } from './text.js';

/** argon2id with the OWASP baseline (19 MiB, 2 passes): strong, and cheap enough for a 2-core box. */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2);
}

// Verifying against this when no account matches keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash (or against a dummy when there is none). */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('opsdeck-dummy-password');
  const target = hash ?? (await dummyHash);
  try {
    const ok = await argon2.verify(target, password);
    return ok && hash !== undefined;
  } catch {
    return false;
  }
}

/**
 * The password rule, free of any breach list: a length window, enough distinct characters, and
 * not (a near copy of) the identifier. Returns the Kratos message that refuses it, or undefined.
 */
export function passwordPolicyViolation(password: string, identifier: string | undefined): UiText | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return text.passwordMinLength(PASSWORD_MIN_LENGTH, length);
  if (length > PASSWORD_MAX_LENGTH) return text.passwordMaxLength(PASSWORD_MAX_LENGTH, length);
  if (new Set(password.toLowerCase()).size < 5) {
    return text.passwordPolicy('it repeats too few different characters (use at least 5)');
  }
  if (identifier && tooSimilar(password.toLowerCase(), identifier.toLowerCase())) return text.passwordTooSimilar();
  return undefined;
}

function tooSimilar(password: string, identifier: string): boolean {
  const local = identifier.split('@')[0] ?? identifier;
  for (const id of [identifier, local]) {
    if (id.length < 3) continue;
    if (password.includes(id) || id.includes(password)) return true;
    // longest common substring covering most of the password
    if (longestCommonSubstring(password, id) / password.length >= 0.5) return true;
  }
  return false;
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        cur[j] = (prev[j - 1] ?? 0) + 1;
        if ((cur[j] ?? 0) > best) best = cur[j] ?? 0;
      }
    }
    prev = cur;
  }
  return best;
}
