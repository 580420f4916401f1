import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createAccessToken } from '../../src/identity/tokens/accessTokens.js';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';

// Issue 11 item 10: any token lifetime was accepted (87,600 h) and a token could create tokens
// that outlived its revocation. Lifetimes are capped by OPSDECK_TOKEN_MAX_LIFETIME; a token's
// children die with it and never outlive it.

const HOUR = 3_600_000;
let server: TestServer;
const editor = testSubjectId('editor');

beforeAll(async () => {
  server = await startTestServer();
  await server.db.kysely.insertInto('people').values({ id: editor, name: 'Ed', email: 'ed@example.com' }).execute();
  await server.db.kysely.insertInto('person_roles').values({ person_id: editor, role: 'editor' }).execute();
});
afterAll(async () => {
  await server?.close();
});

type Init = { as?: 'editor' | null; token?: string };
async function createToken(body: Record<string, unknown>, who: Init = { as: 'editor' }) {
  const res = await server.fetch('/api/auth/create_token', {
    as: who.token ? null : (who.as ?? 'editor'),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, json } as {
    status: number;
    json: { message?: string; payload: { id: string; token: string; expires_at: string } };
  };
}

const whoami = async (token: string) =>
  (await server.fetch('/api/auth/whoami', { as: null, headers: { authorization: `Bearer ${token}` } })).status;

describe('access token lifetimes', () => {
  it('refuses a lifetime over the maximum with 400 naming it, and caps the default', async () => {
    const long = await createToken({ name: 'forever', expiry: '87600h' });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('expiry 87600h is longer than the maximum token lifetime of 2160h');
    const max = await createToken({ name: 'quarter', expiry: '2160h' });
    expect(max.status).toBe(201);
    const unspecified = await createToken({ name: 'default' });
    expect(unspecified.status).toBe(201);
    const days = (Date.parse(unspecified.json.payload.expires_at) - Date.now()) / (24 * HOUR);
    expect(days).toBeLessThanOrEqual(90);
    expect(days).toBeGreaterThan(89.9);
  });

  it('reads the maximum from OPSDECK_TOKEN_MAX_LIFETIME', () => {
    expect(loadConfig({}).identity.tokenMaxLifetimeMs).toBe(2160 * HOUR);
    expect(loadConfig({ OPSDECK_TOKEN_MAX_LIFETIME: '24h' }).identity.tokenMaxLifetimeMs).toBe(24 * HOUR);
    expect(() => loadConfig({ OPSDECK_TOKEN_MAX_LIFETIME: 'forever' })).toThrow(/OPSDECK_TOKEN_MAX_LIFETIME/);
  });
});

describe('tokens created with a token', () => {
  it('never outlive the token creating them and are revoked with it', async () => {
    const parent = await createAccessToken(server.db.kysely, {
      personId: editor,
      name: 'parent',
      lifetimeMs: 2 * HOUR,
      autoRenew: false,
      now: new Date(),
    });
    const outliving = await createToken({ name: 'child-long', expiry: '720h' }, { token: parent.token });
    expect(outliving.status).toBe(400);
    expect(outliving.json.message).toContain('would outlive the token creating it');
    const child = await createToken({ name: 'child' }, { token: parent.token });
    expect(child.status).toBe(201);
    expect(Date.parse(child.json.payload.expires_at)).toBeLessThanOrEqual(Date.parse(parent.expires_at));
    const grandchild = await createToken({ name: 'grandchild', expiry: '1h' }, { token: child.json.payload.token });
    expect(grandchild.status).toBe(201);
    expect(await whoami(grandchild.json.payload.token)).toBe(200);

    const revoke = await server.fetch(`/api/auth/token/${parent.id}`, { as: 'editor', method: 'DELETE' });
    expect(revoke.status).toBe(204);
    expect(await whoami(parent.token)).toBe(401);
    expect(await whoami(child.json.payload.token)).toBe(401);
    expect(await whoami(grandchild.json.payload.token)).toBe(401);
    const left = await server.db.kysely
      .selectFrom('access_tokens')
      .select('name')
      .where('person_id', '=', editor)
      .execute();
    expect(left.map((t) => t.name).sort()).toEqual(['default', 'quarter']);
  });
});
