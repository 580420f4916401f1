import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { browser, csrfOf, oryError, signIn } from './helpers.js';

let server: TestServer;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    OPSDECK_AUTH_RATE_LIMIT: '20',
    OPSDECK_ALLOWED_RETURN_URLS: 'https://docs.example.com/guides',
  });
  server = await startTestServer({ config: { identity: base.identity } });
  await addUser(
    { db: server.db, clock: server.ctx.clock },
    { email: 'sec@example.com', password: PASSWORD, roles: ['viewer'] },
  );
});
afterAll(async () => {
  await server?.close();
});

describe('anti-CSRF on browser flows', () => {
  it('refuses a submit without the csrf_token field', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const err = await oryError(
      b.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'password', identifier: 'sec@example.com', password: PASSWORD } as never,
      }),
    );
    expect(err.status).toBe(403);
    expect(err.body.error?.id).toBe('security_csrf_violation');
    expect(err.body.error?.reason).toContain('Cross-Site-Request-Forgery');
  });

  it('refuses a wrong token, and a right token from a browser without the cookie', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const wrong = await oryError(
      b.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'sec@example.com',
          password: PASSWORD,
          csrf_token: 'forged-token-forged-token-forged-token',
        },
      }),
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.id).toBe('security_csrf_violation');
    // an attacker page: knows the flow id and token, but its request carries another cookie
    const attacker = browser(server);
    const stolen = await oryError(
      attacker.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'sec@example.com',
          password: PASSWORD,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(stolen.status).toBe(403);
    expect((await oryError(attacker.ory.getLoginFlow({ id: flow.id }))).body.error?.id).toBe('security_csrf_violation');
  });
});

describe('return_to', () => {
  it('refuses another origin and accepts the own origin and the allow list', async () => {
    const b = browser(server);
    const err = await oryError(b.ory.createBrowserLoginFlow({ returnTo: 'https://evil.example.net/steal' }));
    expect(err.status).toBe(400);
    expect(err.body.error?.id).toBe('self_service_flow_return_to_forbidden');
    expect((await oryError(b.ory.createBrowserLoginFlow({ returnTo: '//evil.example.net/x' }))).status).toBe(400);
    expect((await oryError(b.ory.createBrowserLoginFlow({ returnTo: 'javascript:alert(1)' }))).status).toBe(400);
    expect((await b.ory.createBrowserLoginFlow({ returnTo: '/incidents?x=1' })).return_to).toBe(
      `${server.url}/incidents?x=1`,
    );
    expect((await b.ory.createBrowserLoginFlow({ returnTo: 'https://docs.example.com/guides/a' })).return_to).toBe(
      'https://docs.example.com/guides/a',
    );
    expect((await oryError(b.ory.createBrowserLoginFlow({ returnTo: 'https://docs.example.com/other' }))).status).toBe(
      400,
    );
  });
});

describe('cookies and secrets', () => {
  it('sets HttpOnly SameSite=Lax cookies and never returns a password hash', async () => {
    const b = browser(server);
    const login = await signIn(b, 'sec@example.com', PASSWORD);
    const session = b.setCookies.find((c) => c.startsWith('ory_kratos_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(b.setCookies.find((c) => c.startsWith('csrf_token='))).toMatch(/HttpOnly/);
    const bodies = [
      JSON.stringify(login),
      JSON.stringify(await b.ory.toSession()),
      await (await b.fetch(`${server.url}/api/auth/whoami`)).text(),
      await (await server.fetch('/api/db/people_roles')).text(),
    ];
    for (const body of bodies) {
      expect(body).not.toContain('argon2');
      expect(body).not.toContain('hashed_password');
      expect(body).not.toContain(PASSWORD);
    }
    // identities and sessions tables are not reachable through /api/db
    for (const table of ['identities', 'identity_credentials', 'sessions', 'access_tokens', 'courier_messages']) {
      expect((await server.fetch(`/api/db/${table}`)).status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('brute force', () => {
  it('locks an identifier after repeated wrong passwords, even with the right one next', async () => {
    await addUser(
      { db: server.db, clock: server.ctx.clock },
      { email: 'target@example.com', password: PASSWORD, roles: [] },
    );
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const attempt = (password: string) =>
      b.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'target@example.com',
          password,
          csrf_token: csrfOf(flow),
        },
      });
    for (let i = 0; i < 5; i++) expect((await oryError(attempt(`guess-number-${i}`))).status).toBe(400);
    const locked = await oryError(attempt(PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.body.error?.id).toBe('rate_limit_exceeded');
  });
});

describe('plain HTML forms (no JavaScript)', () => {
  it('redirects to the UI with the flow, back to it on errors, and to the error page on CSRF failure', async () => {
    const b = browser(server);
    const init = await b.fetch(`${server.url}/api/.ory/self-service/registration/browser`);
    expect(init.status).toBe(303);
    const location = new URL(String(init.headers.get('location')));
    expect(location.pathname).toBe('/registration');
    const flowId = String(location.searchParams.get('flow'));
    const flow = await b.ory.getRegistrationFlow({ id: flowId });
    const form = new URLSearchParams({
      method: 'password',
      'traits.email': 'form@example.com',
      password: 'x',
      csrf_token: csrfOf(flow),
    });
    const bad = await b.fetch(`${server.url}/api/.ory/self-service/registration?flow=${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toContain(`/registration?flow=${flowId}`);
    form.set('password', 'a-good-long-password');
    const ok = await b.fetch(`${server.url}/api/.ory/self-service/registration?flow=${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(ok.status).toBe(303);
    expect(new URL(String(ok.headers.get('location'))).pathname).toBe('/');
    expect((await b.ory.toSession()).identity?.traits.email).toBe('form@example.com');

    const other = browser(server);
    const login = await other.ory.createBrowserLoginFlow();
    const forged = await browser(server).fetch(`${server.url}/api/.ory/self-service/login?flow=${login.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        method: 'password',
        identifier: 'a@b.c',
        password: 'x',
        csrf_token: csrfOf(login),
      }).toString(),
    });
    expect(forged.status).toBe(303);
    const errorPage = new URL(String(forged.headers.get('location')));
    expect(errorPage.pathname).toBe('/error');
    const stored = await other.ory.getFlowError({ id: String(errorPage.searchParams.get('id')) });
    expect((stored.error as { id: string }).id).toBe('security_csrf_violation');
  });

  it('answers 404 for an unknown flow', async () => {
    const err = await oryError(browser(server).ory.getLoginFlow({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(err.status).toBe(404);
    expect((await oryError(browser(server).ory.getLoginFlow({ id: 'not-a-uuid' }))).status).toBe(404);
  });
});

// last: it spends this address's submit budget for the minute
describe('per-address limit', () => {
  it('limits submits per client address', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const statuses: number[] = [];
    const retryAfter: Array<string | null> = [];
    for (let i = 0; i < 25; i++) {
      const res = await b.fetch(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          method: 'password',
          identifier: `spray${i}@example.com`,
          password: 'whatever-123',
          csrf_token: csrfOf(flow),
        }),
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter.push(res.headers.get('retry-after'));
    }
    expect(statuses).toContain(429);
    for (const seconds of retryAfter) expect(Number(seconds)).toBeGreaterThan(0);
  });
});
