import { startTestServer, type TestServer } from '@opsdeck/server/test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import { CLIENT, freePort, type Idp, startIdp } from '../apps/server/test/organizations/idp.js';
import { CHROMIUM, WEB_DIR } from './harness.js';

// Direct mode end to end: the web app is served by `ui` (which is also the backend of initech),
// signs in at a real OpenID provider as a public client with PKCE, and calls the backends of acme
// and globex (other origins, their own databases) with the provider's access token, no cookies.
const PUBLIC = { client_id: 'opsdeck-ui', resource: 'urn:opsdeck:api', audience: 'opsdeck-api' };
let idp: Idp;
let ui: TestServer;
let acme: TestServer;
let globex: TestServer;
let browser: Browser;
const ports: Record<string, number> = {};
const urlOf = (org: string) => `http://127.0.0.1:${ports[org]}`;

/** An organization backend on its own port and database; `extra` makes one the web app's server. */
async function orgServer(org: string, extra: Record<string, string> = {}): Promise<TestServer> {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    OPSDECK_OIDC_PROVIDERS: JSON.stringify([{ id: 'corp', label: 'Corp SSO', issuer: idp.issuer, ...CLIENT }]),
    OPSDECK_ORG_ID: org,
    OPSDECK_ORG_PROVIDER: 'corp',
    OPSDECK_ORG_AUDIENCE: PUBLIC.audience,
    OPSDECK_ORGANIZATIONS: JSON.stringify([
      { id: 'acme', name: 'Acme', url: urlOf('acme'), direct: true },
      { id: 'globex', name: 'Globex', url: urlOf('globex'), direct: true },
      { id: 'initech', name: 'Initech', url: urlOf('initech'), direct: true },
    ]),
    ...extra,
  });
  return startTestServer({ config: { identity: base.identity, webDir: WEB_DIR }, port: ports[org] });
}

beforeAll(async () => {
  idp = await startIdp({ publicClient: PUBLIC });
  idp.accounts.set('sam', { org: ['acme', 'globex'], groups: ['acme:admin', 'globex:editor'] });
  idp.signInAs = 'sam';
  for (const org of ['acme', 'globex', 'initech']) ports[org] = await freePort();
  ui = await orgServer('initech', {
    OPSDECK_DIRECT_CLIENT_ID: PUBLIC.client_id,
    OPSDECK_DIRECT_RESOURCE: PUBLIC.resource,
    OPSDECK_DIRECT_SCOPE: 'openid email profile org offline_access',
  });
  acme = await orgServer('acme', { OPSDECK_ORG_CORS_ORIGIN: ui.url });
  globex = await orgServer('globex', { OPSDECK_ORG_CORS_ORIGIN: ui.url });
  idp.allowRedirects([`${ui.url}/organizations/signin-callback`]);
  for (const [s, name] of [
    [acme, 'acme-sre'],
    [globex, 'globex-ops'],
  ] as const) {
    await s.fetch('/api/db/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  }
  browser = await chromium.launch(CHROMIUM);
});
afterAll(async () => {
  await browser?.close().catch(() => {});
  for (const s of [ui, acme, globex]) await s?.close();
  await idp?.close();
});

const teams = async (s: TestServer) =>
  ((await (await s.fetch('/api/db/teams?select=name&order=name')).json()) as Array<{ name: string }>).map(
    (t) => t.name,
  );

/** Opens the Teams page inside the app (a reload would forget the in-memory token and sign in again). */
async function openTeams(page: Page) {
  await page.evaluate(() => {
    window.history.pushState(null, '', '/settings/teams');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL((u) => u.pathname === '/settings/teams');
}

describe('direct mode in the browser', () => {
  it('signs in at the provider with PKCE and calls each organization’s backend with the token', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(ui.url)) calls.push({ url: r.url(), headers: r.headers() });
    });

    const authorizing = page.waitForRequest((r) => r.url().startsWith(`${idp.issuer}/auth?`));
    const exchanged = page.waitForResponse((r) => r.url() === `${idp.issuer}/token`);
    await page.goto(`${ui.url}/settings/teams`);
    // to the provider and back: the authorization request is a public client's with PKCE
    const params = new URL((await authorizing).url()).searchParams;
    expect(params.get('client_id')).toBe(PUBLIC.client_id);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('resource')).toBe(PUBLIC.resource);
    // the code exchange: a public client's (verifier, no secret), with a refresh token for silent renew
    const exchange = await exchanged;
    const form = new URLSearchParams(exchange.request().postData() ?? '');
    expect(form.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
    expect(form.get('client_secret')).toBeNull();
    expect(Boolean(((await exchange.json()) as { refresh_token?: string }).refresh_token)).toBe(true);
    await page.getByText('acme-sre').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/teams');
    const switcher = page.getByRole('button', { name: 'Organization' });
    await expect.poll(() => switcher.textContent()).toContain('Acme');

    // acme's backend got the bearer token and no cookie; nothing of the token is kept in storage
    const toAcme = calls.filter((c) => c.url.startsWith(`${acme.url}/api/`) && c.headers.authorization);
    expect(toAcme.length).toBeGreaterThan(0);
    for (const c of toAcme) {
      expect(c.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(c.headers.cookie).toBeUndefined();
    }
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(toAcme[0]?.headers.authorization?.slice(7));

    // one write, past the backend's CORS and Origin checks
    await page.getByRole('link', { name: 'Add team' }).click();
    await page.getByLabel('Name', { exact: true }).fill('acme-direct');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('acme-direct created successfully').waitFor();
    await page.locator('table').getByText('acme-direct').waitFor();
    expect(await teams(acme)).toEqual(['acme-direct', 'acme-sre']);

    // globex: same token, another backend; nothing of acme's shows
    await switcher.click();
    await page.getByRole('menuitem', { name: 'Globex' }).click();
    await page.waitForURL((u) => u.origin === ui.url && u.pathname === '/topology');
    await expect.poll(() => page.getByRole('button', { name: 'Organization' }).textContent()).toContain('Globex');
    await openTeams(page);
    const table = page.locator('table');
    await table.getByText('globex-ops').waitFor();
    expect(await table.getByText(/acme-/).count()).toBe(0);
    expect(await teams(globex)).toEqual(['globex-ops']);

    // initech's backend refuses the token: sam is not in initech (a reload signs in again first)
    await page.goto(`${ui.url}/organizations/orgs-switched?org=initech`);
    await page.getByText('the token is not for the organization initech').first().waitFor();
    await context.close();
  });
});
