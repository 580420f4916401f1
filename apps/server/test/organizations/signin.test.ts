import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, csrfOf, oryError } from '../identity/helpers.js';
import { CLIENT, type Idp, startIdp } from './idp.js';

let idp: Idp;
const servers: Record<string, TestServer> = {};

/** One OpsDeck backend (and database) per organization, all signing in through the same provider. */
async function orgServer(org: string, provider = idp): Promise<TestServer> {
  const providers = JSON.stringify([
    { id: 'corp', label: 'Corp SSO', issuer: provider.issuer, ...CLIENT, scope: ['openid', 'email', 'profile', 'org'] },
  ]);
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    OPSDECK_AUTH_RATE_LIMIT: '1000',
    OPSDECK_OIDC_PROVIDERS: providers,
    OPSDECK_ORG_ID: org,
    OPSDECK_ORG_PROVIDER: 'corp',
    OPSDECK_ORG_AUDIENCE: 'opsdeck-api',
    OPSDECK_ORG_CORS_ORIGIN: 'http://ui.corp.example',
    OPSDECK_ORGANIZATIONS: JSON.stringify([
      { id: 'acme', name: 'Acme' },
      { id: 'globex', name: 'Globex' },
      { id: 'initech', name: 'Initech' },
    ]),
  });
  return startTestServer({ config: { identity: base.identity } });
}

beforeAll(async () => {
  idp = await startIdp();
  idp.accounts.set('sam', { org: ['acme', 'globex'], groups: ['acme:admin', 'globex:viewer'] });
  idp.accounts.set('eve', { org: ['globex'], groups: ['globex:editor'] });
  servers.acme = await orgServer('acme');
  servers.globex = await orgServer('globex');
  idp.allowRedirects(Object.values(servers).map((s) => `${s.url}/api/.ory/self-service/methods/oidc/callback/corp`));
  // the directory lists each organization's backend URL; initech has none yet (provisioning)
  for (const s of Object.values(servers)) {
    const dir = s.ctx.config.identity.organization?.directory ?? [];
    for (const e of dir) if (servers[e.id]) e.url = servers[e.id]?.url;
  }
});
afterAll(async () => {
  for (const s of Object.values(servers)) await s.close();
  await idp?.close();
});

/** Follows redirects like a browser until it lands back on OpsDeck's UI (or an error page). */
async function follow(b: Browser, server: TestServer, start: string): Promise<URL> {
  let url = start;
  for (let i = 0; i < 15; i++) {
    const res = await b.fetch(url);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return new URL(url);
    url = new URL(location, url).toString();
    if (url.startsWith(server.url) && !url.includes('/api/')) return new URL(url);
  }
  throw new Error('too many redirects');
}

/** Signs `who` in at an organization's backend through the organization provider. */
async function signInAt(org: string, who: string, provider = idp): Promise<Browser> {
  const server = servers[org] as TestServer;
  provider.signInAs = who;
  const b = browser(server);
  const flow = await b.ory.createBrowserLoginFlow();
  const err = await oryError(
    b.ory.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'oidc', provider: 'corp', csrf_token: csrfOf(flow) },
    }),
  );
  expect(err.status).toBe(422);
  const landed = await follow(b, server, String(err.body.redirect_browser_to));
  (b as Browser & { landed: URL }).landed = landed;
  return b;
}

const api = (b: Browser, org: string, path: string, init?: RequestInit) => b.fetch(`${servers[org]?.url}${path}`, init);

async function rolesAt(b: Browser, org: string): Promise<string[]> {
  const res = await api(b, org, '/api/auth/whoami');
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: { roles: string[] } }).payload.roles;
}

describe('hosted organization mode against a local oidc-provider', () => {
  it('signs a member of two organizations in at each backend with that organization’s roles', async () => {
    const acme = await signInAt('acme', 'sam');
    expect(await rolesAt(acme, 'acme')).toEqual(['admin']);
    const globex = await signInAt('globex', 'sam');
    expect(await rolesAt(globex, 'globex')).toEqual(['viewer']);

    const orgs = (await (await api(acme, 'acme', '/api/organizations')).json()) as {
      hosted: boolean;
      current: { id: string };
      organizations: Array<{ id: string; name: string; url: string | null; ready: boolean }>;
    };
    expect(orgs.hosted).toBe(true);
    expect(orgs.current.id).toBe('acme');
    expect(orgs.organizations).toEqual([
      { id: 'acme', name: 'Acme', url: servers.acme?.url, direct: false, ready: true },
      { id: 'globex', name: 'Globex', url: servers.globex?.url, direct: false, ready: true },
    ]);
  });

  it('keeps each organization’s data apart for a person in both', async () => {
    const acme = await signInAt('acme', 'sam');
    const post = await api(acme, 'acme', '/api/db/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: servers.acme?.url ?? '' },
      body: JSON.stringify({ name: 'acme-sre' }),
    });
    expect(post.status).toBe(201);
    await servers.globex?.fetch('/api/db/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'globex-ops' }),
    });
    const globex = await signInAt('globex', 'sam');
    const names = async (b: Browser, org: string) =>
      ((await (await api(b, org, '/api/db/teams?select=name')).json()) as Array<{ name: string }>).map((t) => t.name);
    expect(await names(acme, 'acme')).toEqual(['acme-sre']);
    expect(await names(globex, 'globex')).toEqual(['globex-ops']);
    // the acme session means nothing at globex's backend
    expect((await api(acme, 'globex', '/api/db/teams')).status).toBe(401);
  });

  it('refuses the sign-in of someone outside the organization', async () => {
    const b = await signInAt('acme', 'eve');
    const landed = (b as Browser & { landed: URL }).landed;
    expect(landed.pathname).toBe('/error');
    const error = await b.fetch(
      `${servers.acme?.url}/api/.ory/self-service/errors?id=${landed.searchParams.get('id')}`,
    );
    expect(JSON.stringify(await error.json())).toContain('not a member of the organization acme');
    expect((await oryError(b.ory.toSession())).status).toBe(401);
  });

  it('reads the organization and groups from userinfo when the ID token leaves them out', async () => {
    const lean = await startIdp({ idTokenClaims: false });
    try {
      lean.accounts.set('sam', { org: ['initech'], groups: ['initech:responder'] });
      servers.initech = await orgServer('initech', lean);
      lean.allowRedirects([`${servers.initech.url}/api/.ory/self-service/methods/oidc/callback/corp`]);
      expect(await rolesAt(await signInAt('initech', 'sam', lean), 'initech')).toEqual(['responder']);
    } finally {
      await lean.close();
    }
  });

  it('resyncs roles from the provider groups at every sign-in', async () => {
    idp.accounts.set('rita', { org: ['acme'], groups: ['acme:editor', 'acme:responder'] });
    expect(await rolesAt(await signInAt('acme', 'rita'), 'acme')).toEqual(['editor', 'responder']);
    // the provider drops a group: the role goes at the next sign-in
    idp.accounts.set('rita', { org: ['acme'], groups: ['acme:responder'] });
    expect(await rolesAt(await signInAt('acme', 'rita'), 'acme')).toEqual(['responder']);
    // the admin group really maps to admin, and a group of another organization gives nothing here
    idp.accounts.set('rita', { org: ['acme', 'globex'], groups: ['acme:admin', 'globex:editor'] });
    expect(await rolesAt(await signInAt('acme', 'rita'), 'acme')).toEqual(['admin']);
    idp.accounts.set('rita', { org: ['acme'], groups: [] });
    expect(await rolesAt(await signInAt('acme', 'rita'), 'acme')).toEqual([]);
  });
});

describe('direct mode: the provider bearer token', () => {
  const claims = (who: string, org: string[], groups: string[]) => ({
    sub: who,
    email: `${who}@corp.example`,
    org,
    groups,
  });

  it('accepts a token of the organization and maps its groups', async () => {
    const token = await idp.sign(claims('dan', ['globex'], ['globex:commander']));
    const res = await fetch(`${servers.globex?.url}/api/auth/whoami`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payload: { roles: string[]; user: { email: string } } };
    expect(body.payload.roles).toEqual(['commander']);
    expect(body.payload.user.email).toBe('dan@corp.example');
  });

  it('refuses a token for another organization with 403', async () => {
    const token = await idp.sign(claims('dan', ['globex'], ['globex:admin']));
    const res = await fetch(`${servers.acme?.url}/api/db/teams`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('not for the organization acme');
  });

  it('refuses a wrong audience, a wrong issuer and a key the provider does not publish with 401', async () => {
    const url = `${servers.acme?.url}/api/auth/whoami`;
    const call = (t: string) => fetch(url, { headers: { authorization: `Bearer ${t}` } });
    const c = claims('sam', ['acme'], ['acme:admin']);
    expect((await call(await idp.sign(c, { audience: 'another-api' }))).status).toBe(401);
    expect((await call(await idp.sign(c, { issuer: 'http://evil.example' }))).status).toBe(401);
    const { SignJWT, generateKeyPair } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(c)
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-key-1' })
      .setIssuer(idp.issuer)
      .setAudience('opsdeck-api')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await call(forged)).status).toBe(401);
    expect((await call(await idp.sign(c))).status).toBe(200);
  });

  it('answers CORS for the configured UI origin only', async () => {
    const pre = (origin: string) =>
      fetch(`${servers.acme?.url}/api/db/teams`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const ok = await pre('http://ui.corp.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://ui.corp.example');
    expect(ok.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await pre('http://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
