import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { browser, csrfOf, signIn } from '../identity/helpers.js';

let server: TestServer;
const NUL = '\u0000';
const PASSWORD = 'nul-test-password-1';

beforeAll(async () => {
  server = await startTestServer();
  await addUser(
    { db: server.db, clock: server.ctx.clock },
    { email: 'nul@example.com', password: PASSWORD, roles: [] },
  );
});
afterAll(async () => {
  await server?.close();
});

const jsonPost = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A fresh API flow of `kind` (no browser cookie needed). */
async function apiFlow(kind: string): Promise<string> {
  const res = await fetch(`${server.url}/api/.ory/self-service/${kind}/api`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function expectNulRefused(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(text).toContain('NUL');
}

describe('a NUL character in identity requests', () => {
  it('is refused with 400 in every self-service submit', async () => {
    const submits: Array<[string, Record<string, unknown>]> = [
      ['login', { method: 'password', identifier: `nul${NUL}@example.com`, password: PASSWORD }],
      ['login', { method: 'password', identifier: 'nul@example.com', password: `x${NUL}` }],
      ['registration', { method: 'password', traits: { email: `new${NUL}@example.com` }, password: 'long-password-1' }],
      ['registration', { method: 'password', traits: { email: 'a@example.com', [`na${NUL}me`]: 'x' }, password: 'p' }],
      ['recovery', { method: 'code', email: `nul${NUL}@example.com` }],
      ['verification', { method: 'code', email: `nul${NUL}@example.com` }],
    ];
    for (const [kind, body] of submits) {
      await expectNulRefused(await jsonPost(`/api/.ory/self-service/${kind}?flow=${await apiFlow(kind)}`, body));
    }
  });

  it('is refused in an HTML form post, a query parameter and a settings submit', async () => {
    const form = await fetch(`${server.url}/api/.ory/self-service/login?flow=${await apiFlow('login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ method: 'password', identifier: `a${NUL}b`, password: 'x' }).toString(),
    });
    await expectNulRefused(form);
    await expectNulRefused(await fetch(`${server.url}/api/.ory/self-service/login/flows?id=%00`));
    await expectNulRefused(await fetch(`${server.url}/api/.ory/self-service/login/browser?return_to=%2F%00`));
    await expectNulRefused(await fetch(`${server.url}/api/.ory/self-service/logout?token=%00`));

    const b = browser(server);
    await signIn(b, 'nul@example.com', PASSWORD);
    const flow = await b.ory.createBrowserSettingsFlow();
    const res = await b.fetch(`${server.url}/api/.ory/self-service/settings?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: server.url },
      body: JSON.stringify({ method: 'profile', traits: { email: `nul${NUL}@example.com` }, csrf_token: csrfOf(flow) }),
    });
    await expectNulRefused(res);
  });

  it('treats a csrf cookie holding a NUL as no cookie', async () => {
    const res = await fetch(`${server.url}/api/.ory/self-service/login/browser`, {
      headers: { accept: 'application/json', cookie: `csrf_token=${'a'.repeat(40)}%00` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('csrf_token='))).toBe(true);
  });
});

describe('a NUL character in /api/db and other API requests', () => {
  it('is refused with 400 in filters, select, bodies, rpc arguments and paths', async () => {
    const cases: Array<[string, RequestInit]> = [
      ['/api/db/people?name=eq.a%00b', {}],
      ['/api/db/people?select=na%00me', {}],
      ['/api/db/people?or=(name.eq.a%00)', {}],
      ['/api/db/pe%00ople', {}],
      [
        '/api/db/teams',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `t${NUL}` }) },
      ],
      [
        '/api/db/teams?name=eq.x',
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ spec: { a: NUL } }),
        },
      ],
      [
        '/api/db/rpc/soft_delete_canary',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ canary_id: NUL }) },
      ],
      [
        '/api/notification/rules',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `r${NUL}`, events: ['check.failed'], to: { email: 'a@b.co' } }),
        },
      ],
    ];
    for (const [path, init] of cases) await expectNulRefused(await server.fetch(path, init));
  });
});
