import type { createRemoteJWKSet, JWTPayload } from 'jose';
import type { Authenticator } from '../../auth.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { forbidden } from '../../errors.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import type { OidcCredential } from '../flows/oidc.js';
import { createIdentity, DuplicateIdentityError, findByIdentifier, upsertCredential } from '../people/identities.js';
import { loadSubject } from '../people/subject.js';
import { isMember, syncMembership } from './membership.js';

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** The JWT library, loaded at the first provider token: a server without an organization never needs it. */
const loadJose = lazyDriver(() => import('jose'));

/** The provider's key set, found through its discovery document; one per issuer per process. */
function keySet(issuer: string): () => Promise<KeySet> {
  let pending: Promise<KeySet> | undefined;
  return () => {
    pending ??= (async () => {
      const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`discovery of ${issuer} answered ${res.status}`);
      const { jwks_uri } = (await res.json()) as { jwks_uri?: string };
      if (!jwks_uri) throw new Error(`${issuer} publishes no jwks_uri`);
      return (await loadJose()).createRemoteJWKSet(new URL(jwks_uri));
    })();
    pending.catch(() => {
      pending = undefined; // retry discovery on the next request
    });
    return pending;
  };
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Direct mode: `Authorization: Bearer <provider JWT>` from the browser. The signature is checked
 * against the provider's JWKS, the issuer and `OPSDECK_ORG_AUDIENCE`; a valid token of someone
 * outside this backend's organization answers 403. The token's person is found by the provider
 * subject (created on first sight) and gets the roles its groups map to.
 */
export function organizationBearerAuthenticator(ctx: { db: Db; config: Config; clock: Clock }): Authenticator {
  const org = ctx.config.identity.organization;
  const provider = ctx.config.identity.oidcProviders.find((p) => p.id === org?.provider);
  if (!org?.audience || !provider) return async () => null;
  const keys = keySet(provider.issuer);
  const audience = org.audience;
  return async (request) => {
    const auth = request.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!JWT.test(token)) return null; // OpsDeck's own session and access tokens are not JWTs
    let claims: JWTPayload;
    const { jwtVerify } = await loadJose();
    try {
      ({ payload: claims } = await jwtVerify(token, await keys(), {
        issuer: provider.issuer,
        audience,
        currentDate: ctx.clock.now(),
      }));
    } catch (err) {
      // the reason only: jose's errors carry the token's claims
      const reason = (err as { code?: string }).code ?? (err instanceof Error ? err.message : 'unknown');
      request.log.info({ reason }, 'organization bearer token refused');
      return null;
    }
    if (!claims.sub) return null;
    if (!isMember(org, claims)) throw forbidden(`the token is not for the organization ${org.id}`);
    const personId = await personOf(ctx, provider.id, claims);
    if (!personId) return null;
    await syncMembership(ctx.db.kysely, org, personId, claims, ctx.clock.now());
    return (await loadSubject(ctx.db.kysely, personId, ctx.clock.now())) ?? null;
  };
}

/** The person signed in as the token's subject; created on first sight, never matched by email alone. */
async function personOf(
  ctx: { db: Db; clock: Clock },
  providerId: string,
  claims: JWTPayload,
): Promise<string | undefined> {
  const identifier = `${providerId}:${claims.sub}`;
  const owner = await findByIdentifier(ctx.db.kysely, 'oidc', identifier);
  if (owner) return owner.state === 'active' ? owner.identityId : undefined;
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
  if (!email) return undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const id = await createIdentity(trx, {
        traits: { email, name: { first: str(claims.given_name), last: str(claims.family_name) } },
        verified: claims.email_verified === true,
        now: ctx.clock.now(),
      });
      const config: OidcCredential = { providers: [{ provider: providerId, subject: String(claims.sub) }] };
      await upsertCredential(trx, id, 'oidc', config, [identifier]);
      return id;
    });
  } catch (err) {
    if (err instanceof DuplicateIdentityError) return undefined;
    throw err;
  }
}
