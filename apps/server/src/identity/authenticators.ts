import type { Authenticator } from '../auth.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { identityDeps } from './deps.js';
import { readCookie, SESSION_COOKIE } from './http.js';
import { organizationBearerAuthenticator } from './organizations/bearer.js';
import { loadSubject } from './people/subject.js';
import { findSession, needsSecondFactor } from './sessions/sessions.js';
import { tokenOwner } from './tokens/accessTokens.js';

/**
 * The signed-in person of a session: the `ory_kratos_session` cookie, `X-Session-Token`, or a
 * Bearer session token. A session short of the identity's second factor does not count.
 */
export function sessionAuthenticator(ctx: { db: Db; config: Config; clock: Clock }): Authenticator {
  return async (request) => {
    const deps = identityDeps(ctx);
    const tokens: string[] = [];
    const cookie = readCookie(request, SESSION_COOKIE);
    if (cookie) tokens.push(cookie);
    const header = request.headers['x-session-token'];
    if (typeof header === 'string') tokens.push(header);
    const auth = request.headers.authorization;
    if (auth?.startsWith('Bearer ')) tokens.push(auth.slice(7).trim());
    const now = deps.clock.now();
    for (const token of tokens) {
      const session = await findSession(deps.db.kysely, token, now);
      if (!session) continue;
      if (await needsSecondFactor(deps.db.kysely, session)) return null;
      return (await loadSubject(deps.db.kysely, session.identity_id, now)) ?? null;
    }
    return null;
  };
}

/** The owner of an access token: `Authorization: Bearer <token>`, or Basic with user `token`. */
export function accessTokenAuthenticator(ctx: { db: Db; config: Config; clock: Clock }): Authenticator {
  return async (request) => {
    const auth = request.headers.authorization;
    if (!auth) return null;
    let token: string | undefined;
    if (auth.startsWith('Bearer ')) token = auth.slice(7).trim();
    else if (auth.startsWith('Basic ')) {
      const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0 && decoded.slice(0, colon) === 'token') token = decoded.slice(colon + 1);
    }
    if (!token) return null;
    const now = ctx.clock.now();
    const owner = await tokenOwner(ctx.db.kysely, token, now, ctx.config.identity.tokenMaxLifetimeMs);
    if (!owner) return null;
    // the token acts with its owner's roles and rows as they are now, never more
    const subject = await loadSubject(ctx.db.kysely, owner.personId, now);
    return subject ? { ...subject, tokenId: owner.tokenId, ...(owner.scope ? { scope: owner.scope } : {}) } : null;
  };
}

/** The production authenticators: sessions first, then access tokens, then organization provider JWTs. */
export function identityAuthenticators(ctx: { db: Db; config: Config; clock: Clock }): Authenticator[] {
  return [sessionAuthenticator(ctx), accessTokenAuthenticator(ctx), organizationBearerAuthenticator(ctx)];
}
