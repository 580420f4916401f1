import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Configuration } from 'openid-client';
import { randomSecret, safeEqual } from '../../crypto/tokens.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import type { OidcProviderConfig } from '../config.js';
import type { IdentityDeps } from '../deps.js';
import { kratosErrors } from '../errors.js';
import { apiUrl, CSRF_COOKIE, readCookie, uiUrl } from '../http.js';
import { syncMembership } from '../organizations/membership.js';
import { lacksOrganizationClaims, organizationSignIn } from '../organizations/signIn.js';
import {
  credentialConfig,
  credentialTypes,
  DuplicateIdentityError,
  deleteCredential,
  findByIdentifier,
  hasSecondFactor,
  identityIdByEmail,
  upsertCredential,
} from '../people/identities.js';
import { addSessionMethod, createSession } from '../sessions/sessions.js';
import type { SubmitResult } from './flowRoutes.js';
import { browserRequests, currentSession, setSessionCookie } from './flowRoutes.js';
import { type FlowRow, internalOf, UI_PATHS, updateFlow } from './flows.js';
import { createOidcIdentity, flowById } from './store.js';
import { text } from './text.js';
import { submit, type UiNode } from './ui.js';

/** Providers an identity signed in with: `provider:subject` is the credential identifier. */
export interface OidcCredential {
  providers: Array<{ provider: string; subject: string }>;
}

interface PendingOidc {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const discovered = new Map<string, Promise<Configuration>>();

/** The OpenID Connect client (and jose under it), loaded at the first sign-in through a provider. */
const loadOpenidClient = lazyDriver(() => import('openid-client'));

/** The configured provider `id`, or undefined. */
export function oidcProvider(deps: IdentityDeps, id: string | undefined): OidcProviderConfig | undefined {
  return deps.config.identity.oidcProviders.find((p) => p.id === id);
}

/** A provider's display name. */
export const providerLabel = (p: OidcProviderConfig) => p.label ?? p.id;

function configuration(p: OidcProviderConfig): Promise<Configuration> {
  const key = `${p.id}|${p.issuer}|${p.client_id}`;
  let hit = discovered.get(key);
  if (!hit) {
    // plain-http issuers are only for providers on a private network (and tests)
    const insecure = new URL(p.issuer).protocol === 'http:';
    hit = loadOpenidClient().then((client) =>
      client.discovery(
        new URL(p.issuer),
        p.client_id,
        p.client_secret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : {},
      ),
    );
    hit.catch(() => discovered.delete(key));
    discovered.set(key, hit);
  }
  return hit;
}

const callbackUrl = (request: FastifyRequest, deps: IdentityDeps, provider: string) =>
  apiUrl(request, deps.config.identity, `/self-service/methods/oidc/callback/${provider}`);

/** Starts the authorization code flow (with PKCE) for a flow; returns the provider URL to send the browser to. */
export async function startOidc(
  deps: IdentityDeps,
  request: FastifyRequest,
  flow: FlowRow,
  p: OidcProviderConfig,
): Promise<string> {
  const config = await configuration(p).catch((err: unknown) => {
    deps.log.warn({ err, provider: p.id }, 'OIDC discovery failed');
    throw kratosErrors.badRequest(`The sign-in provider ${providerLabel(p)} is not reachable right now.`);
  });
  const client = await loadOpenidClient();
  const pending: PendingOidc = {
    provider: p.id,
    state: `${flow.id}.${randomSecret(16)}`,
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  await updateFlow(deps, flow, { internal: { oidc: pending } });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(request, deps, p.id),
      scope: p.scope.join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/** Adds or removes a provider link of an identity; false when unlinking would leave no way to sign in. */
export async function unlinkOidc(deps: IdentityDeps, identityId: string, provider: string): Promise<boolean> {
  const db = deps.db.kysely;
  const current = (await credentialConfig<OidcCredential>(db, identityId, 'oidc'))?.providers ?? [];
  const kept = current.filter((l) => l.provider !== provider);
  if (kept.length === current.length) return false;
  const others = await credentialTypes(db, identityId, ['password', 'webauthn']);
  if (!kept.length && !others.length) return false;
  await saveLinks(deps, identityId, kept);
  return true;
}

async function saveLinks(deps: IdentityDeps, identityId: string, links: OidcCredential['providers']) {
  const db = deps.db.kysely;
  if (!links.length) {
    await deleteCredential(db, identityId, 'oidc');
    return;
  }
  await upsertCredential(
    db,
    identityId,
    'oidc',
    { providers: links },
    links.map((l) => `${l.provider}:${l.subject}`),
  );
}

/** `GET /self-service/methods/oidc/callback/{provider}`: where providers send the browser back. */
export function registerOidcRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const cfg = deps.config.identity;
  app.get('/self-service/methods/oidc/callback/:provider', { config: { auth: 'public' } }, async (request, reply) => {
    browserRequests.add(request);
    const p = oidcProvider(deps, (request.params as { provider: string }).provider);
    const query = request.query as Record<string, string | undefined>;
    const flowId = query.state?.split('.')[0] ?? '';
    if (!p || !UUID.test(flowId)) throw kratosErrors.badRequest('Unknown sign-in provider or state.');
    const flow = await flowById(deps.db.kysely, flowId);
    const pending = flow ? internalOf<{ oidc?: PendingOidc }>(flow).oidc : undefined;
    if (!flow || !pending || pending.provider !== p.id || !safeEqual(pending.state, query.state ?? '')) {
      throw kratosErrors.badRequest('The sign-in state does not match a flow of this browser.');
    }
    const cookie = readCookie(request, CSRF_COOKIE);
    if (!cookie || !safeEqual(cookie, flow.csrf_token)) {
      throw kratosErrors.csrfViolation('The provider returned to a browser that did not start this sign-in.');
    }
    if (flow.expires_at <= deps.clock.now())
      throw kratosErrors.badRequest('The sign-in took too long; please start again.');
    await updateFlow(deps, flow, { internal: { oidc: null } }); // a state is good for one callback
    if (query.error) throw kratosErrors.badRequest(`The provider refused the sign-in: ${query.error}`);

    const config = await configuration(p);
    const current = new URL(callbackUrl(request, deps, p.id));
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') current.searchParams.set(k, v);
    let claims: Record<string, unknown> | undefined;
    const client = await loadOpenidClient();
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
      const idToken = tokens.claims();
      claims = idToken ? { ...idToken } : undefined;
      // providers often keep profile and email claims for the userinfo endpoint
      const incomplete = idToken && (typeof idToken.email !== 'string' || lacksOrganizationClaims(cfg, p.id, idToken));
      if (incomplete && config.serverMetadata().userinfo_endpoint) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...claims };
      }
    } catch (err) {
      request.log.warn({ err, provider: p.id }, 'OIDC code exchange failed');
      throw kratosErrors.badRequest('The sign-in with the provider could not be completed.');
    }
    const sub = typeof claims?.sub === 'string' ? claims.sub : undefined;
    if (!claims || !sub) throw kratosErrors.badRequest('The provider did not identify the account.');
    const identifier = `${p.id}:${sub}`;
    const owner = await findByIdentifier(deps.db.kysely, 'oidc', identifier);
    const now = deps.clock.now();

    if (flow.kind === 'settings') {
      const session = await currentSession(deps, request);
      if (!session || session.identity_id !== flow.identity_id) throw kratosErrors.identityMismatch();
      if (owner && owner.identityId !== session.identity_id) {
        await updateFlow(deps, flow, { ui: { messages: [text.duplicateCredentials()] } });
      } else if (!owner) {
        const links =
          (await credentialConfig<OidcCredential>(deps.db.kysely, session.identity_id, 'oidc'))?.providers ?? [];
        await saveLinks(deps, session.identity_id, [...links, { provider: p.id, subject: sub }]);
        await updateFlow(deps, flow, { state: 'success', ui: { messages: [text.settingsSuccess()] } });
      }
      return reply.redirect(uiUrl(request, cfg, `${UI_PATHS.settings}?flow=${flow.id}`), 303);
    }

    const org = organizationSignIn(cfg, p.id, claims);
    let identityId = owner?.identityId;
    if (owner && owner.state !== 'active') throw kratosErrors.identityDisabled();
    if (!identityId) {
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
      if (!email) throw kratosErrors.badRequest('The provider did not share an email address.');
      // the organization provider decides who belongs; self-service sign-up is about everyone else
      if (!cfg.registrationEnabled && !org) throw kratosErrors.flowDisabled('registration');
      // never link to an existing account by email alone: sign in there and link in settings
      if (await identityIdByEmail(deps.db.kysely, email)) {
        await updateFlow(deps, flow, { ui: { messages: [text.duplicateCredentials()] } });
        return reply.redirect(uiUrl(request, cfg, `${UI_PATHS[flow.kind]}?flow=${flow.id}`), 303);
      }
      const first = typeof claims.given_name === 'string' ? claims.given_name : '';
      const last = typeof claims.family_name === 'string' ? claims.family_name : '';
      try {
        identityId = await createOidcIdentity(deps.db.kysely, {
          email,
          name: { first, last },
          verified: claims.email_verified === true,
          provider: p.id,
          subject: sub,
          role: org ? undefined : cfg.defaultRole,
          now,
        });
      } catch (err) {
        if (err instanceof DuplicateIdentityError)
          throw kratosErrors.badRequest('An account with this email exists already.');
        throw err;
      }
    }
    if (org) await syncMembership(deps.db.kysely, org, identityId, claims, now);
    const method = { method: 'oidc', aal: 'aal1' as const, completed_at: now.toISOString(), provider: p.id };
    const existing = await currentSession(deps, request);
    if (existing && existing.identity_id === identityId) {
      await addSessionMethod(deps.db.kysely, existing, method, now);
    } else {
      const created = await createSession(deps.db.kysely, {
        identityId,
        aal: 'aal1',
        methods: [method],
        now,
        lifespanMs: cfg.sessionLifespanMs,
        request,
      });
      setSessionCookie(deps, reply, created.token, created.session);
    }
    const returnTo = flow.return_to ?? uiUrl(request, cfg, UI_PATHS.default);
    if (await hasSecondFactor(deps.db.kysely, identityId)) {
      return reply.redirect(
        apiUrl(request, cfg, `/self-service/login/browser?aal=aal2&return_to=${encodeURIComponent(returnTo)}`),
        303,
      );
    }
    return reply.redirect(returnTo, 303);
  });
}

/** Submit of `method=oidc` with `provider` on a login or registration flow (or `link` in settings). */
export async function oidcRedirect(
  deps: IdentityDeps,
  request: FastifyRequest,
  flow: FlowRow,
  providerId: string | undefined,
): Promise<SubmitResult> {
  const p = oidcProvider(deps, providerId);
  if (!p || flow.type !== 'browser') {
    const reason = p
      ? 'Sign-in with a provider needs a browser flow.'
      : `Unknown sign-in provider "${providerId ?? ''}".`;
    return { type: 'form', status: 400, patch: { active: 'oidc', ui: { messages: [text.validationGeneric(reason)] } } };
  }
  const url = await startOidc(deps, request, flow, p);
  // single-page apps get 422 and set location themselves; HTML forms get a 303
  return {
    type: 'done',
    body: { redirect_browser_to: url },
    redirect: url,
    jsonError: kratosErrors.locationChange(url),
  };
}

/** The provider buttons of a login or registration flow. */
export function oidcButtons(deps: IdentityDeps, kind: 'login' | 'registration'): UiNode[] {
  return deps.config.identity.oidcProviders.map((p) =>
    submit(
      'oidc',
      kind === 'login' ? text.loginWith(providerLabel(p)) : text.registrationWith(providerLabel(p)),
      'provider',
      p.id,
    ),
  );
}

/** The link / unlink buttons of the settings flow. */
export async function oidcSettingsButtons(deps: IdentityDeps, identityId: string): Promise<UiNode[]> {
  const links = (await credentialConfig<OidcCredential>(deps.db.kysely, identityId, 'oidc'))?.providers ?? [];
  return deps.config.identity.oidcProviders.map((p) =>
    links.some((l) => l.provider === p.id)
      ? submit('oidc', text.settingsUnlinkOidc(providerLabel(p)), 'unlink', p.id)
      : submit('oidc', text.settingsLinkOidc(providerLabel(p)), 'link', p.id),
  );
}
