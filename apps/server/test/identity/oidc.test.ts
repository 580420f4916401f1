import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, csrfOf, nodeOf, oryError, signIn } from './helpers.js';

let server: TestServer;
let idp: Server;
/** Who the provider signs in when asked (its login screen, answered by the test). */
let idpUser = 'alice';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const providers = JSON.stringify([
    { id: 'local', label: 'Local IdP', issuer, client_id: 'opsdeck', client_secret: 'opsdeck-secret-value' },
  ]);
  const base = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000', OPSDECK_OIDC_PROVIDERS: providers });
  server = await startTestServer({ config: { identity: base.identity } });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'opsdeck',
        client_secret: 'opsdeck-secret-value',
        redirect_uris: [`${server.url}/api/.ory/self-service/methods/oidc/callback/local`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@idp.example`,
        email_verified: true,
        given_name: id.toUpperCase(),
        family_name: 'Idp',
      }),
    }),
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  const handle = provider.callback();
  idp = createServer(async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      // the provider's login and consent screens: sign `idpUser` in and grant what was asked
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: idpUser, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: idpUser }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((r) => idp.listen(port, '127.0.0.1', r));
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => idp?.close(r));
});

/** Follows redirects like a browser until it lands back on OpsDeck's UI. */
async function follow(b: Browser, start: string): Promise<URL> {
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

async function startWithProvider(b: Browser, kind: 'login' | 'registration'): Promise<string> {
  const flow = kind === 'login' ? await b.ory.createBrowserLoginFlow() : await b.ory.createBrowserRegistrationFlow();
  expect(nodeOf(flow, 'provider').meta.label?.text).toBe(
    kind === 'login' ? 'Sign in with Local IdP' : 'Sign up with Local IdP',
  );
  const body = { method: 'oidc' as const, provider: 'local', csrf_token: csrfOf(flow) };
  const err = await oryError(
    kind === 'login'
      ? b.ory.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body })
      : b.ory.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: body }),
  );
  expect(err.status).toBe(422);
  expect(err.body.error?.id).toBe('browser_location_change_required');
  return String(err.body.redirect_browser_to);
}

describe('OIDC social sign-in against a real local provider', () => {
  it('signs up a new person from the provider, then signs them in again', async () => {
    idpUser = 'alice';
    const b = browser(server);
    const authorize = await startWithProvider(b, 'registration');
    expect(authorize).toContain('code_challenge_method=S256');
    const landed = await follow(b, authorize);
    expect(landed.pathname).toBe('/');
    const session = await b.ory.toSession();
    expect(session.identity?.traits).toEqual({ email: 'alice@idp.example', name: { first: 'ALICE', last: 'Idp' } });
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    expect(session.authentication_methods?.[0]).toMatchObject({ method: 'oidc', provider: 'local' });

    const again = browser(server);
    await follow(again, await startWithProvider(again, 'login'));
    expect((await again.ory.toSession()).identity?.id).toBe(session.identity?.id);
  });

  it('does not take over an existing account that has the same email', async () => {
    await (async () => {
      const b = browser(server);
      const flow = await b.ory.createBrowserRegistrationFlow();
      await b.ory.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          traits: { email: 'bob@idp.example' },
          password: 'correct-horse-battery',
          csrf_token: csrfOf(flow),
        },
      });
    })();
    idpUser = 'bob';
    const b = browser(server);
    const landed = await follow(b, await startWithProvider(b, 'login'));
    expect(landed.pathname).toBe('/login');
    const flow = await b.ory.getLoginFlow({ id: String(landed.searchParams.get('flow')) });
    expect(flow.ui.messages?.[0]?.id).toBe(4000007);
    expect((await oryError(b.ory.toSession())).status).toBe(401);

    // bob signs in with his password and links the provider in settings instead
    const own = browser(server);
    await signIn(own, 'bob@idp.example', 'correct-horse-battery');
    const settings = await own.ory.createBrowserSettingsFlow();
    expect(nodeOf(settings, 'link').meta.label?.id).toBe(1050002);
    // Ory's settings body for oidc has no csrf_token field: the token goes in the X-CSRF-Token header
    const withCsrf = async ({ init }: { init: RequestInit }) => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'X-CSRF-Token': csrfOf(settings) },
    });
    const forged = await oryError(
      own.ory.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'oidc', link: 'local' } }),
    );
    expect(forged.body.error?.id).toBe('security_csrf_violation');
    const link = await oryError(
      own.ory.updateSettingsFlow(
        { flow: settings.id, updateSettingsFlowBody: { method: 'oidc', link: 'local' } },
        withCsrf,
      ),
    );
    expect(link.status).toBe(422);
    const back = await follow(own, String(link.body.redirect_browser_to));
    expect(back.pathname).toBe('/profile-settings');
    const linked = await own.ory.getSettingsFlow({ id: settings.id });
    expect(nodeOf(linked, 'unlink').meta.label?.id).toBe(1050003);
    const viaIdp = browser(server);
    await follow(viaIdp, await startWithProvider(viaIdp, 'login'));
    expect((await viaIdp.ory.toSession()).identity?.traits.email).toBe('bob@idp.example');
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    idpUser = 'carol';
    const starter = browser(server);
    const authorize = await startWithProvider(starter, 'login');
    const victim = browser(server);
    // the attacker completes the provider part and hands the callback URL to another browser
    let url = authorize;
    for (let i = 0; i < 10 && !url.includes('/oidc/callback/'); i++) {
      const res = await starter.fetch(url);
      url = new URL(String(res.headers.get('location')), url).toString();
    }
    const res = await victim.fetch(url);
    expect(res.status).toBe(303);
    expect(new URL(String(res.headers.get('location'))).pathname).toBe('/error');
    expect((await oryError(victim.ory.toSession())).status).toBe(401);
  });
});
