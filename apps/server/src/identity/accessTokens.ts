import type { Kysely } from 'kysely';
import { randomSecret, sha256 } from '../crypto/tokens.js';
import type { Database } from '../db/types.js';

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
}

/**
 * Creates a token for a person and returns its secret once. The row keeps a SHA-256 of it: the
 * secret is 256 random bits, so a fast hash cannot be brute-forced, and finding a token is one
 * indexed lookup per request instead of an argon2 verification (which is for low-entropy passwords).
 */
export async function createAccessToken(
  db: Kysely<Database>,
  input: { personId: string; name: string; lifetimeMs: number; autoRenew: boolean; now: Date },
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
    })
    .returning(['id', 'name', 'person_id', 'auto_renew', 'created_at', 'expires_at'])
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
}): AccessTokenInfo {
  return {
    id: row.id,
    name: row.name,
    person_id: row.person_id,
    auto_renew: row.auto_renew,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** The tokens of a person, newest first. */
export async function listAccessTokens(db: Kysely<Database>, personId: string): Promise<AccessTokenInfo[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'person_id', 'auto_renew', 'created_at', 'expires_at'])
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(info);
}

/** Deletes a token of a person; false when there is no such token. */
export async function revokeAccessToken(db: Kysely<Database>, personId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The person a presented token belongs to, or undefined when unknown or expired. An auto-renewing
 * token used in the second half of its life is extended by its original lifetime.
 */
export async function personForToken(db: Kysely<Database>, token: string, now: Date): Promise<string | undefined> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const row = await db
    .selectFrom('access_tokens')
    .select(['id', 'person_id', 'auto_renew', 'created_at', 'expires_at'])
    .where('value', '=', sha256(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const lifetime = row.expires_at.getTime() - row.created_at.getTime();
  if (row.auto_renew && row.expires_at.getTime() - now.getTime() < lifetime / 2) {
    await db
      .updateTable('access_tokens')
      .set({ created_at: now, expires_at: new Date(now.getTime() + lifetime) })
      .where('id', '=', row.id)
      .execute();
  }
  return row.person_id;
}
