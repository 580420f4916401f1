import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { browser, signIn } from '../identity/helpers.js';
import { CLIENT, type Idp, startIdp } from './idp.js';

// Direct mode through HTTP: the web app on UI (another origin) calls acme's backend with the
// provider's bearer token, no cookies. The CORS preflight, the bearer write past the Origin check,
// and the cookie still refused from that origin.
const UI = 'http://ui.corp.example';
let idp: Idp;
let acme: TestServer;
let ui: TestServer;

const orgEnv = (extra: Record<string, string>) => ({
  LOG_LEVEL: 'silent',
  OPSDECK_OIDC_PROVIDERS: JSON.stringify([{ id: 'corp', label: 'Corp SSO', issuer: idp.issuer, ...CLIENT }]),
  OPSDECK_ORG_PROVIDER: 'corp',
  OPSDECK_ORGANIZATIONS: JSON.stringify([
    { id: 'acme', name: 'Acme', url: 'http://acme.corp.example', direct: true },
    { id: 'globex', name: 'Globex', url: 'https://globex.corp.example:8443/', direct: true },
    { id: 'initech', name: 'Initech', url: 'http://initech.corp.example' },
  ]),
  ...extra,
});

beforeAll(async () => {
  idp = await startIdp();
  const backend = loadConfig(
    orgEnv({ OPSDECK_ORG_ID: 'acme', OPSDECK_ORG_AUDIENCE: 'opsdeck-api', OPSDECK_ORG_CORS_ORIGIN: UI }),
  );
  acme = await startTestServer({ config: { identity: backend.identity } });
  // the server that serves the web app: no organization of its own, just the direct-mode settings
  ui = await startTestServer({
    config: { identity: loadConfig(orgEnv({ OPSDECK_DIRECT_CLIENT_ID: 'opsdeck-ui' })).identity },
  });
});
afterAll(async () => {
  await acme?.close();
  await ui?.close();
  await idp?.close();
});

const token = (org: string[], groups: string[]) => idp.sign({ sub: 'sam', email: 'sam@corp.example', org, groups });

describe('direct mode: the UI origin calls a backend with the provider token', () => {
  it('answers the preflight of a bearer write for the UI origin, without credentials', async () => {
    const res = await fetch(`${acme.url}/api/db/teams`, {
      method: 'OPTIONS',
      headers: {
        origin: UI,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*Prefer/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('accepts a bearer write from the UI origin and exposes Content-Range to it', async () => {
    const auth = { authorization: `Bearer ${await token(['acme'], ['acme:admin'])}`, origin: UI };
    const post = await fetch(`${acme.url}/api/db/teams`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'direct-sre' }),
    });
    expect(post.status).toBe(201);
    expect(post.headers.get('access-control-allow-origin')).toBe(UI);
    const list = await fetch(`${acme.url}/api/db/teams?select=name`, { headers: { ...auth, prefer: 'count=exact' } });
    expect(await list.json()).toEqual([{ name: 'direct-sre' }]);
    expect(list.headers.get('content-range')).toBe('0-0/1');
    expect(list.headers.get('access-control-expose-headers')).toMatch(/Content-Range.*Content-Disposition/);
  });

  it('refuses a token of another organization, readable by the UI origin', async () => {
    const res = await fetch(`${acme.url}/api/db/teams`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await token(['globex'], ['globex:admin'])}`,
        origin: UI,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'from-globex' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI);
    const teams = await acme.fetch('/api/db/teams?select=name&name=eq.from-globex');
    expect(await teams.json()).toEqual([]);
  });

  it('still refuses the session cookie on a write from the UI origin', async () => {
    await addUser(
      { db: acme.db, clock: acme.ctx.clock },
      { email: 'local@example.com', password: 'direct-mode-pw-1', roles: ['admin'] },
    );
    const b = browser(acme);
    await signIn(b, 'local@example.com', 'direct-mode-pw-1');
    const res = await b.fetch(`${acme.url}/api/db/teams`, {
      method: 'POST',
      headers: { origin: UI, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'by-cookie' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('cross-site');
  });
});

describe('direct mode: the server that serves the web app', () => {
  it('publishes the public client and the direct organizations, and lets the app connect to them', async () => {
    const res = await fetch(`${ui.url}/api/organizations/direct`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      direct: {
        issuer: idp.issuer,
        client_id: 'opsdeck-ui',
        scope: 'openid email profile offline_access',
        resource: null,
        org_claim: 'org',
        organizations: [
          { id: 'acme', name: 'Acme', url: 'http://acme.corp.example' },
          { id: 'globex', name: 'Globex', url: 'https://globex.corp.example:8443/' },
        ],
      },
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(
      `connect-src 'self' ${idp.issuer} http://acme.corp.example https://globex.corp.example:8443;`,
    );
    // a backend not serving a direct-mode web app says so, and keeps connect-src to itself
    const off = await fetch(`${acme.url}/api/organizations/direct`);
    expect(await off.json()).toEqual({ direct: null });
    expect(off.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  it('names the setting that is missing', () => {
    const bare = { LOG_LEVEL: 'silent', OPSDECK_DIRECT_CLIENT_ID: 'ui' };
    expect(() => loadConfig(bare)).toThrow(/OPSDECK_DIRECT_ISSUER/);
    expect(() => loadConfig({ ...bare, OPSDECK_DIRECT_ISSUER: 'https://sso.example' })).toThrow(
      /OPSDECK_ORGANIZATIONS: direct mode needs/,
    );
  });
});
