import type { TokenScope } from '@opsdeck/schema/tokenScope';
import type { Kysely } from 'kysely';
import { randomSecret, sha256 } from '../../crypto/tokens.js';
import type { Database } from '../../db/types.js';

/** Access tokens carry a prefix so a leaked one is recognisable (and never mistaken for a session). */
export const ACCESS_TOKEN_PREFIX = 'opsdeck_at_';

/** A token as listed: never its secret. */
export interface AccessTokenInfo {
  id: string;
  name: string;
  person_id: string;
  auto_renew: boolean;
  created_at: string;
  expires_at: string;
  /** What the token may do; null is its owner's full rights. */
  scope: TokenScope;
  /** The owner, in an administrator's list of every token. */
  person?: { id: string; name: string; email: string | null };
}

/**
 * Creates a token for a person and returns its secret once. The row keeps a SHA-256 of it: the
 * secret is 256 random bits, so a fast hash cannot be brute-forced, and finding a token is one
 * indexed lookup per request instead of an argon2 verification (which is for low-entropy passwords).
 */
export async function createAccessToken(
  db: Kysely<Database>,
  input: {
    personId: string;
    name: string;
    lifetimeMs: number;
    autoRenew: boolean;
    now: Date;
    parentId?: string;
    scope?: TokenScope;
  },
): Promise<AccessTokenInfo & { token: string }> {
  const token = `${ACCESS_TOKEN_PREFIX}${randomSecret()}`;
  const row = await db
    .insertInto('access_tokens')
    .values({
      name: input.name,
      person_id: input.personId,
      value: sha256(token),
      auto_renew: input.autoRenew,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.lifetimeMs),
      parent_id: input.parentId ?? null,
      scope: input.scope ? JSON.stringify(input.scope) : null,
    })
    .returning(['id', 'name', 'person_id', 'auto_renew', 'created_at', 'expires_at', 'scope'])
    .executeTakeFirstOrThrow();
  return { ...info(row), token };
}

function info(row: {
  id: string;
  name: string;
  person_id: string;
  auto_renew: boolean;
  created_at: Date;
  expires_at: Date;
  scope: TokenScope;
}): AccessTokenInfo {
  return {
    scope: row.scope ?? null,
    id: row.id,
    name: row.name,
    person_id: row.person_id,
    auto_renew: row.auto_renew,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** The tokens of a person (or of everyone, with their owners, when `personId` is undefined), newest first. */
export async function listAccessTokens(db: Kysely<Database>, personId: string | undefined): Promise<AccessTokenInfo[]> {
  let query = db
    .selectFrom('access_tokens as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.id',
      't.name',
      't.person_id',
      't.auto_renew',
      't.created_at',
      't.expires_at',
      't.scope',
      'p.name as person_name',
      'p.email as person_email',
    ])
    .orderBy('t.created_at', 'desc');
  if (personId !== undefined) query = query.where('t.person_id', '=', personId);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...info(r),
    ...(personId === undefined ? { person: { id: r.person_id, name: r.person_name, email: r.person_email } } : {}),
  }));
}

/** Deletes a token of a person (any person's when `personId` is undefined); false when there is no such token. */
export async function revokeAccessToken(
  db: Kysely<Database>,
  personId: string | undefined,
  id: string,
): Promise<boolean> {
  let query = db.deleteFrom('access_tokens').where('id', '=', id);
  if (personId !== undefined) query = query.where('person_id', '=', personId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** When token `id` expires, or undefined when it is gone (revoked). */
export async function tokenExpiry(db: Kysely<Database>, id: string): Promise<{ expires_at: Date } | undefined> {
  return db.selectFrom('access_tokens').select('expires_at').where('id', '=', id).executeTakeFirst();
}

/** A presented token that is in force: whose it is, and when it ends. */
export interface TokenOwner {
  personId: string;
  tokenId: string;
  expiresAt: Date;
  scope: TokenScope;
}

/**
 * The owner of a presented token, or undefined when unknown or expired. An auto-renewing token
 * used in the second half of its life is extended by its original lifetime, never past
 * `maxLifetimeMs` from now nor past the token it was created with.
 */
export async function tokenOwner(
  db: Kysely<Database>,
  token: string,
  now: Date,
  maxLifetimeMs = Number.POSITIVE_INFINITY,
): Promise<TokenOwner | undefined> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const row = await db
    .selectFrom('access_tokens as t')
    .leftJoin('access_tokens as p', 'p.id', 't.parent_id')
    .select([
      't.id',
      't.person_id',
      't.auto_renew',
      't.created_at',
      't.expires_at',
      't.scope',
      'p.expires_at as parent_expires_at',
    ])
    .where('t.value', '=', sha256(token))
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const owner = { personId: row.person_id, tokenId: row.id, expiresAt: row.expires_at, scope: row.scope ?? null };
  const lifetime = Math.min(row.expires_at.getTime() - row.created_at.getTime(), maxLifetimeMs);
  if (row.auto_renew && row.expires_at.getTime() - now.getTime() < lifetime / 2) {
    const renewed = Math.min(now.getTime() + lifetime, row.parent_expires_at?.getTime() ?? Number.POSITIVE_INFINITY);
    if (renewed <= row.expires_at.getTime()) return owner;
    const expiresAt = new Date(renewed);
    await db
      .updateTable('access_tokens')
      .set({ created_at: now, expires_at: expiresAt })
      .where('id', '=', row.id)
      .execute();
    return { ...owner, expiresAt };
  }
  return owner;
}
