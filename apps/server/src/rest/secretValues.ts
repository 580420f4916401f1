import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskExpr, SECRET_MARKER } from './secrets.js';

// The value side of the one masking mechanism (docs/secrets.md). Declarations mask the columns a
// secret is stored in; what a job SAYS (an error, a result, a log line) can quote a secret it
// handled anywhere in its text. Before such text is stored or answered, the secrets the job
// resolved are replaced by the marker here (KnownSecrets), then URL credentials and secret-named
// query values by the SQL URL masker of migration 070 (maskTexts), the same one reads use.

/** Shorter values are not replaced: a two-letter password would turn every word into markers. */
const MIN_SECRET_LENGTH = 4;

/** The secret values one job has handled (resolved connection secrets, opened secret parameters). */
export class KnownSecrets {
  private readonly values = new Set<string>();

  /** Records a secret, and the forms it takes in URLs and basic auth headers. */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || value === SECRET_MARKER) return;
    this.values.add(value);
    const encoded = encodeURIComponent(value);
    if (encoded !== value) this.values.add(encoded);
    const trimmed = value.trim();
    if (trimmed.length >= MIN_SECRET_LENGTH) this.values.add(trimmed);
  }

  /** Records the `Authorization: Basic` value of a username and password (its base64 is a secret too). */
  addBasic(username: string | undefined, password: string | undefined): void {
    if (password === undefined) return;
    this.add(password);
    this.values.add(Buffer.from(`${username ?? ''}:${password}`).toString('base64'));
  }

  get size(): number {
    return this.values.size;
  }

  /** `text` with every known secret replaced by the marker (longest first, so no tail shows). */
  mask(text: string): string {
    if (!this.values.size || !text) return text;
    let out = text;
    for (const v of [...this.values].sort((a, b) => b.length - a.length)) out = out.split(v).join(SECRET_MARKER);
    return out;
  }
}

/**
 * What the SQL URL masker can change, loosened: a text matching none of these comes back from it
 * unchanged, so it is not sent. Each line covers one rule of `opsdeck_mask_url` (migration 070):
 * scheme://user:password@ and scheme://token@, secret-named query keys, libpq `password=`,
 * long token-like path segments, and bearer/basic credentials.
 */
const MASKABLE = [
  /:\/\//,
  /[?&;#][^=&#;]*(token|secret|password|passwd|pwd|key|auth|signature|sig|credential|session)[^=&#;]*=/i,
  /(password|pwd)\s*=/i,
  /\/[A-Za-z0-9_-]{20}/,
  /(bearer|basic)\s/i,
];

const maskable = (text: string): boolean => MASKABLE.some((re) => re.test(text));

/** Texts with URL credentials, secret query values, DSN passwords and bearer/basic values masked (in SQL). */
export async function maskTexts(db: Db, texts: string[]): Promise<string[]> {
  // an action's result is mostly plain output: only what the masker could change makes the round trip
  const flags = texts.map(maskable);
  const sent = texts.filter((_, i) => flags[i]);
  if (!sent.length) return texts;
  const { rows } = await sql<{ t: string }>`
    select ${maskExpr('url', sql`u.e`, 'text')} as t
    from unnest(${sent}::text[]) with ordinality as u(e, n) order by u.n`.execute(db.kysely);
  let i = 0;
  return texts.map((t, n) => (flags[n] ? (rows[i++]?.t ?? t) : t));
}

/** One text as it may be stored or answered: known secrets replaced, then URL-masked. */
export async function maskText(db: Db, text: string, known?: KnownSecrets): Promise<string> {
  const [out] = await maskTexts(db, [known ? known.mask(text) : text]);
  return out ?? text;
}

/**
 * A JSON value (an action's result) as it may be stored: every string in it (keys kept) has its
 * known secrets replaced and is URL-masked, in one round trip.
 */
export async function maskStrings<T>(db: Db, value: T, known?: KnownSecrets): Promise<T> {
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(known ? known.mask(v) : v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(value);
  if (!texts.length) return value;
  const masked = await maskTexts(db, texts);
  let i = 0;
  const rebuild = (v: unknown): unknown => {
    if (typeof v === 'string') return masked[i++];
    if (Array.isArray(v)) return v.map(rebuild);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v)) out[k] = rebuild(child);
      return out;
    }
    return v;
  };
  return rebuild(value) as T;
}
