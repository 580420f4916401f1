import path from 'node:path';
import { startTestServer, type TestServer } from '@opsdeck/server/test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import { CLIENT, type Idp, startIdp } from '../apps/server/test/organizations/idp.js';
import { CHROMIUM, WEB_DIR } from './harness.js';

// Hosted organization mode end to end: two OpsDeck backends (acme, globex), each with its own
// database, signing in through one real OpenID provider (oidc-provider). globex is reached as
// `localhost` and acme as `127.0.0.1` so the two backends keep separate cookies, like two hosts.
let idp: Idp;
let acme: TestServer;
let globex: TestServer;
let browser: Browser;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

async function orgServer(org: string): Promise<TestServer> {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    OPSDECK_OIDC_PROVIDERS: JSON.stringify([
      { id: 'corp', label: 'Corp SSO', issuer: idp.issuer, ...CLIENT, scope: ['openid', 'email', 'profile', 'org'] },
    ]),
    OPSDECK_ORG_ID: org,
    OPSDECK_ORG_PROVIDER: 'corp',
    OPSDECK_ORGANIZATIONS: JSON.stringify([
      { id: 'acme', name: 'Acme' },
      { id: 'globex', name: 'Globex' },
    ]),
  });
  return startTestServer({ config: { identity: base.identity, webDir: WEB_DIR } });
}

const globexUrl = () => globex.url.replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  idp = await startIdp();
  idp.accounts.set('sam', { org: ['acme', 'globex'], groups: ['acme:admin', 'globex:editor'] });
  idp.signInAs = 'sam';
  acme = await orgServer('acme');
  globex = await orgServer('globex');
  idp.allowRedirects([
    `${acme.url}/api/.ory/self-service/methods/oidc/callback/corp`,
    `${globexUrl()}/api/.ory/self-service/methods/oidc/callback/corp`,
  ]);
  for (const s of [acme, globex]) {
    for (const e of s.ctx.config.identity.organization?.directory ?? []) {
      e.url = e.id === 'acme' ? acme.url : globexUrl();
    }
  }
  // something of each organization's own, to see which one the page shows
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
  await acme?.close();
  await globex?.close();
  await idp?.close();
});

async function signInThroughProvider(page: Page) {
  await page.getByRole('button', { name: 'Sign in with Corp SSO' }).click();
  await page.waitForURL((u) => u.pathname === '/topology');
}

describe('organization sign-in in the browser', () => {
  it('signs in through the organization provider and switches organizations', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${acme.url}/topology`);
    await page.waitForURL(/\/login/);
    await signInThroughProvider(page);
    const switcher = page.getByRole('button', { name: 'Organization' });
    await expect.poll(() => switcher.textContent()).toContain('Acme');
    await page.goto(`${acme.url}/settings/teams`);
    await page.getByText('acme-sre').first().waitFor();

    await switcher.click();
    await page.getByRole('menuitem', { name: 'Globex' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'org-switcher.png') });
    await page.getByRole('menuitem', { name: 'Globex' }).click();

    // globex's backend: not signed in there yet, so through the same provider again
    await page.waitForURL((u) => u.host.startsWith('localhost') && u.pathname === '/login');
    await signInThroughProvider(page);
    await expect.poll(() => page.getByRole('button', { name: 'Organization' }).textContent()).toContain('Globex');
    await page.goto(`${globexUrl()}/settings/teams`);
    await page.getByText('globex-ops').first().waitFor();
    expect(await page.getByText('acme-sre').count()).toBe(0);
    // editor at globex, admin at acme: the provider's groups decide per organization
    const whoami = await page.evaluate(() => fetch('/api/auth/whoami').then((r) => r.json()));
    expect(whoami.payload.roles).toEqual(['editor']);
    await context.close();
  });
});
