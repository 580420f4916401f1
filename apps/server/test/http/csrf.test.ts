import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, signIn } from '../identity/helpers.js';

let server: TestServer;
let admin: Browser;
const PASSWORD = 'csrf-test-password-1';
const PUBLIC_URL = 'https://opsdeck.example.com';
const EVIL = 'https://evil.example.net';

beforeAll(async () => {
  const { identity } = loadConfig({ OPSDECK_PUBLIC_URL: PUBLIC_URL });
  server = await startTestServer({ config: { identity } });
  await addUser(
    { db: server.db, clock: server.ctx.clock },
    { email: 'csrf-admin@example.com', password: PASSWORD, roles: ['admin'] },
  );
  admin = browser(server);
  await signIn(admin, 'csrf-admin@example.com', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function newCanary(name: string): Promise<string> {
  const res = await server.fetch('/api/db/canaries', {
    method: 'POST',
    ...json({ name, spec: { schedule: '@every 5m', tcp: [{ name: 'ssh', endpoint: '127.0.0.1:22' }] } }),
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
}

const isDeleted = async (id: string) =>
  (await server.db.kysely.selectFrom('canaries').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow())
    .deleted_at !== null;

describe('functions that change data answer only POST', () => {
  it('refuses GET on soft_delete_canary with 405 and Allow: POST, and keeps the canary', async () => {
    const id = await newCanary('csrf-get');
    for (const res of [
      await server.fetch(`/api/db/rpc/soft_delete_canary?canary_id=${id}`),
      await admin.fetch(`${server.url}/api/db/rpc/soft_delete_canary?canary_id=${id}`),
      await server.fetch(`/api/db/rpc/soft_delete_canary?canary_id=${id}`, { method: 'HEAD' }),
    ]) {
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    expect(await isDeleted(id)).toBe(false);
    const post = await server.fetch('/api/db/rpc/soft_delete_canary', { method: 'POST', ...json({ canary_id: id }) });
    expect(post.status).toBe(204);
    expect(await isDeleted(id)).toBe(true);
  });
});

describe('state-changing requests made with the session cookie', () => {
  let ruleId: string;
  beforeAll(async () => {
    const res = await server.fetch('/api/notification/rules', {
      method: 'POST',
      ...json({ name: 'csrf-rule', events: ['check.failed'], to: { email: 'ops@example.com' } }),
    });
    ruleId = ((await res.json()) as { id: string }).id;
  });
  const paused = async () =>
    ((await (await server.fetch(`/api/notification/rules/${ruleId}`)).json()) as { paused: boolean }).paused;
  const pause = (headers: Record<string, string>, how = admin.fetch) =>
    how(`${server.url}/api/notification/rules/${ruleId}/pause`, { method: 'POST', headers });
  const resume = (headers: Record<string, string>) =>
    admin.fetch(`${server.url}/api/notification/rules/${ruleId}/resume`, { method: 'POST', headers });

  it('refuses a bodyless POST from another origin, a null origin or another site’s page', async () => {
    const attacks: Array<Record<string, string>> = [
      { origin: EVIL },
      { origin: 'null' },
      { referer: `${EVIL}/a.html` },
    ];
    for (const headers of attacks) {
      const res = await pause(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain('cross-site');
    }
    const del = await admin.fetch(`${server.url}/api/db/canaries?name=eq.nothing`, {
      method: 'DELETE',
      headers: { origin: EVIL },
    });
    expect(del.status).toBe(403);
    expect(await paused()).toBe(false);
  });

  it('accepts the own origin, the public URL, and the own page as Referer', async () => {
    expect((await pause({ origin: server.url })).status).toBe(200);
    expect(await paused()).toBe(true);
    expect((await resume({ origin: PUBLIC_URL })).status).toBe(200);
    expect(await paused()).toBe(false);
    expect((await pause({ referer: `${server.url}/settings/notifications` })).status).toBe(200);
    expect((await resume({ referer: `${server.url}/settings/notifications` })).status).toBe(200);
    expect(await paused()).toBe(false);
  });

  it('refuses a write with the session cookie and neither Origin nor Referer, saying what to send', async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.url}/api/notification/rules/${ruleId}/pause`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('neither Origin nor Referer');
    expect(await paused()).toBe(false);
    // a read with the cookie alone still works
    const read = await fetch(`${server.url}/api/notification/rules/${ruleId}`, { headers: { cookie } });
    expect(read.status).toBe(200);
  });

  it('exempts requests authenticated by an access token', async () => {
    const created = await admin.fetch(`${server.url}/api/auth/create_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'csrf-token' }),
    });
    expect(created.status).toBe(201);
    const { token } = ((await created.json()) as { payload: { token: string } }).payload;
    const res = await pause({ origin: EVIL, authorization: `Bearer ${token}` }, fetch);
    expect(res.status).toBe(200);
    expect(await paused()).toBe(true);
  });

  it('refuses the session cookie from another origin even beside a bearer token', async () => {
    // the cookie may be what signs the request in (an unknown bearer is skipped): no exemption
    for (const authorization of ['Bearer not-a-token', 'Bearer a.b.c']) {
      const res = await pause({ origin: EVIL, authorization });
      expect(res.status, authorization).toBe(403);
    }
  });

  it('lets the identity client sign out from the own origin, not from another', async () => {
    const b = browser(server);
    await signIn(b, 'csrf-admin@example.com', PASSWORD);
    const { id } = await b.ory.toSession();
    const cross = await b.fetch(`${server.url}/api/.ory/sessions/${id}`, {
      method: 'DELETE',
      headers: { origin: EVIL },
    });
    expect(cross.status).toBe(403);
    const whoami = await b.fetch(`${server.url}/api/auth/whoami`);
    expect(whoami.status).toBe(200);
  });
});
