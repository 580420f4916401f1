import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { randomSecret, sha256 } from '../../crypto/tokens.js';
import type { Database } from '../../db/types.js';
import { hasSecondFactor, identityJson } from '../people/identities.js';
import type { SessionsTable } from '../tables.js';

export type SessionRow = Selectable<SessionsTable>;

/** One completed authentication step of a session (Kratos's AMR entry). */
export interface AuthMethod {
  method: string;
  aal: 'aal1' | 'aal2';
  completed_at: string;
  provider?: string;
}

/** Session tokens carry Kratos's prefix so a leaked one is recognisable in logs and scanners. */
const TOKEN_PREFIX = 'ory_st_';

/**
 * Creates a session row. The returned token is the only copy of the secret: the row keeps its
 * SHA-256, so a database leak does not hand out sessions.
 */
export async function createSession(
  db: Kysely<Database>,
  input: {
    identityId: string;
    aal: 'aal1' | 'aal2';
    methods: AuthMethod[];
    now: Date;
    lifespanMs: number;
    request?: FastifyRequest;
  },
): Promise<{ token: string; session: SessionRow }> {
  const token = `${TOKEN_PREFIX}${randomSecret()}`;
  const device = input.request
    ? [
        {
          id: randomSecret(8),
          ip_address: input.request.ip,
          user_agent: input.request.headers['user-agent'] ?? '',
          location: '',
        },
      ]
    : [];
  const session = await db
    .insertInto('sessions')
    .values({
      identity_id: input.identityId,
      token_hash: sha256(token),
      logout_token_hash: sha256(randomSecret()),
      aal: input.aal,
      authentication_methods: JSON.stringify(input.methods),
      authenticated_at: input.now,
      issued_at: input.now,
      expires_at: new Date(input.now.getTime() + input.lifespanMs),
      devices: JSON.stringify(device),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('people').set({ last_login: input.now }).where('id', '=', input.identityId).execute();
  return { token, session };
}

/** The active, unexpired session a token opens, or undefined. */
export async function findSession(db: Kysely<Database>, token: string, now: Date): Promise<SessionRow | undefined> {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('active', '=', true)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Adds a completed method to a session: a second factor lifts it to AAL2, a re-login refreshes it. */
export async function addSessionMethod(
  db: Kysely<Database>,
  session: SessionRow,
  method: AuthMethod,
  now: Date,
): Promise<SessionRow> {
  const methods = [...(session.authentication_methods as AuthMethod[]), method];
  return db
    .updateTable('sessions')
    .set({
      authentication_methods: JSON.stringify(methods),
      aal: method.aal === 'aal2' || session.aal === 'aal2' ? 'aal2' : 'aal1',
      authenticated_at: now,
    })
    .where('id', '=', session.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a session. */
export async function revokeSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sessions').set({ active: false }).where('id', '=', id).execute();
}

/** The identity's other live sessions, newest sign-in first (the Sessions list). */
export async function otherActiveSessions(db: Kysely<Database>, session: SessionRow, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('identity_id', '=', session.identity_id)
    .where('active', '=', true)
    .where('expires_at', '>', now)
    .where('id', '!=', session.id)
    .orderBy('authenticated_at', 'desc')
    .execute();
}

/** Ends every other active session of the identity; returns how many ended. */
export async function revokeOtherSessions(db: Kysely<Database>, session: SessionRow): Promise<number> {
  const revoked = await db
    .updateTable('sessions')
    .set({ active: false })
    .where('identity_id', '=', session.identity_id)
    .where('id', '!=', session.id)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}

/** Ends session `id` when it belongs to `identityId`; false when there is no such session of theirs. */
export async function revokeOwnSession(db: Kysely<Database>, identityId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ active: false })
    .where('id', '=', id)
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Mints a fresh logout token for a session and returns it (only its hash is kept). */
export async function newLogoutToken(db: Kysely<Database>, sessionId: string): Promise<string> {
  const token = randomSecret();
  await db
    .updateTable('sessions')
    .set({ logout_token_hash: sha256(token) })
    .where('id', '=', sessionId)
    .execute();
  return token;
}

/** The session a logout token belongs to. */
export async function sessionByLogoutToken(db: Kysely<Database>, token: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('logout_token_hash', '=', sha256(token))
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Whether a session falls short of the identity's highest available AAL (`highest_available`). */
export async function needsSecondFactor(db: Kysely<Database>, session: SessionRow): Promise<boolean> {
  return session.aal !== 'aal2' && (await hasSecondFactor(db, session.identity_id));
}

/** The session as Kratos returns it, with its identity. */
export async function sessionJson(db: Kysely<Database>, s: SessionRow): Promise<Record<string, unknown>> {
  return {
    id: s.id,
    active: s.active,
    expires_at: s.expires_at.toISOString(),
    authenticated_at: s.authenticated_at.toISOString(),
    authenticator_assurance_level: s.aal,
    authentication_methods: s.authentication_methods,
    issued_at: s.issued_at.toISOString(),
    identity: await identityJson(db, s.identity_id),
    devices: s.devices,
  };
}
