/// <reference path="../identity/oidc-provider.d.ts" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider, { errors } from 'oidc-provider';

/** A person at the test identity provider: the organizations and groups it says they have. */
export interface IdpAccount {
  org: string[];
  groups: string[];
}

/** A real OpenID provider (`oidc-provider`) on loopback, signing in whoever `signInAs` names. */
export interface Idp {
  issuer: string;
  accounts: Map<string, IdpAccount>;
  signInAs: string;
  /** Signs a JWT with the provider's own signing key (a provider's "JWT template" for APIs). */
  sign(claims: Record<string, unknown>, opts?: { audience?: string; issuer?: string }): Promise<string>;
  /** Registers the OpsDeck callback URLs the client may return to (servers start after the provider's URL is known). */
  allowRedirects(urls: string[]): void;
  close(): Promise<void>;
}

/** A free loopback port (to know a server's URL before it starts). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

export const CLIENT = { client_id: 'opsdeck', client_secret: 'opsdeck-org-secret-value' };

/**
 * Direct mode: a public client (no secret, PKCE) whose access tokens for `resource` (RFC 8707) are
 * JWTs with `aud` = `audience` and the person's email, organizations and groups.
 */
export interface PublicClient {
  client_id: string;
  resource: string;
  audience: string;
}

/**
 * Starts the provider; the client's redirect URIs are set with `allowRedirects` before use.
 * `idTokenClaims: false` keeps the scope claims (org, groups, email) for the userinfo endpoint only.
 */
export async function startIdp(opts: { idTokenClaims?: boolean; publicClient?: PublicClient } = {}): Promise<Idp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'idp-key-1', alg: 'RS256', use: 'sig' };
  const redirects: string[] = [];
  const idp: Idp = {
    issuer,
    accounts: new Map(),
    signInAs: '',
    async sign(claims, opts = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' })
        .setIssuer(opts.issuer ?? issuer)
        .setAudience(opts.audience ?? 'opsdeck-api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    },
    allowRedirects: (urls) => redirects.push(...urls),
    close: () => new Promise((r) => server.close(() => r())),
  };
  const pub = opts.publicClient;
  let provider: Provider | undefined;
  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          ...CLIENT,
          redirect_uris: redirects,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
        ...(pub
          ? [
              {
                client_id: pub.client_id,
                token_endpoint_auth_method: 'none',
                redirect_uris: redirects,
                grant_types: ['authorization_code', 'refresh_token'],
                response_types: ['code'],
              },
            ]
          : []),
      ],
      features: {
        devInteractions: { enabled: false },
        resourceIndicators: {
          enabled: true,
          // the code exchange names no resource: the one granted at authorization is meant
          useGrantedResource: async () => true,
          getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
            if (!pub || indicator !== pub.resource) throw new errors.InvalidTarget();
            return {
              scope: 'org',
              audience: pub.audience,
              accessTokenTTL: 300,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      // what the organization backends check in a bearer token
      extraTokenClaims: async (_ctx: unknown, token: { accountId?: string }) => {
        const id = token.accountId;
        if (!id) return undefined;
        const account = idp.accounts.get(id);
        return { email: `${id}@corp.example`, org: account?.org ?? [], groups: account?.groups ?? [] };
      },
      // a refresh token for the public client without the offline_access consent dance
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
        client.grantTypeAllowed('refresh_token'),
      jwks: { keys: [jwk] },
      scopes: ['openid', 'email', 'profile', 'org'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name'], org: ['org', 'groups'] },
      conformIdTokenClaims: opts.idTokenClaims === false,
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@corp.example`,
          email_verified: true,
          given_name: id,
          org: idp.accounts.get(id)?.org ?? [],
          groups: idp.accounts.get(id)?.groups ?? [],
        }),
      }),
      cookies: { keys: ['org-test-cookie-key'] },
    });
  const server = createServer(async (req, res) => {
    provider ??= build(); // built on first request, once the redirect URIs are known
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: idp.signInAs, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      if (pub && details.params.resource === pub.resource) grant.addResourceScope(pub.resource, 'org');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: idp.signInAs }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return idp;
}
