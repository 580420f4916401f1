import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';

// Issue 16 item 7: tokens with a scope (Read, Write, Full, Custom per object) are refused by the
// server outside it; people list their own tokens (admins everyone's) and revoke them.

let server: TestServer;
let editor: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  editor = await addPersonWithToken(server.db, { email: 'ed@example.com', first: 'Ed', roles: ['editor'] });
  admin = await addPersonWithToken(server.db, { email: 'root@example.com', first: 'Root', roles: ['admin'] });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await server.fetch(path, {
    as: null,
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & { message?: string },
  };
}

async function mint(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(token, 'POST', '/api/auth/create_token', { expiry: '30m', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.payload as { token: string }).token;
}

const canary = (name: string) => ({ name, spec: { http: [{ name, url: 'http://127.0.0.1:1' }] } });

describe('scoped access tokens', () => {
  it('lets a Read token read and refuses its writes, naming the scope', async () => {
    const read = await mint(editor.token, { name: 'read-only', scope: [{ object: '*', actions: ['read'] }] });
    expect((await call(read, 'GET', '/api/db/canaries?select=id')).status).toBe(200);
    const write = await call(read, 'POST', '/api/db/canaries', canary('from-read-token'));
    expect(write.status).toBe(403);
    expect(write.body.message).toContain("outside the access token's scope");
    // the owner's own full token still writes
    expect((await call(editor.token, 'POST', '/api/db/canaries', canary('from-full-token'))).status).toBe(201);
  });

  it('refuses a Read token Run Now of a check (a write under a read check), and lets a Write token run it', async () => {
    expect((await call(editor.token, 'POST', '/api/db/canaries', canary('run-now-scope'))).status).toBe(201);
    const check = await server.db.kysely
      .selectFrom('checks')
      .innerJoin('canaries', 'canaries.id', 'checks.canary_id')
      .select('checks.id')
      .where('canaries.name', '=', 'run-now-scope')
      .executeTakeFirstOrThrow();
    const read = await mint(editor.token, { name: 'read-runner', scope: [{ object: '*', actions: ['read'] }] });
    const refused = await call(read, 'POST', `/api/canary/run/check/${check.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("outside the access token's scope");
    const write = await mint(editor.token, {
      name: 'write-runner',
      scope: [{ object: '*', actions: ['read', 'create', 'update', 'delete'] }],
    });
    expect((await call(write, 'POST', `/api/canary/run/check/${check.id}`)).status).toBe(200);
    // a Custom scope that writes elsewhere but only reads canaries does not run a check either
    const elsewhere = await mint(editor.token, {
      name: 'topology-writer',
      scope: [
        { object: 'canaries', actions: ['read'] },
        { object: 'topology', actions: ['read', 'create', 'update', 'delete'] },
      ],
    });
    const notHere = await call(elsewhere, 'POST', `/api/canary/run/check/${check.id}`);
    expect(notHere.status).toBe(403);
    expect(notHere.body.message).toBe("update on canaries is outside the access token's scope");
    // searching is a POST that only reads: the Read token still may
    const search = await call(read, 'POST', '/api/resources/search', { checks: [{ name: 'run-now-scope' }] });
    expect(search.status).toBe(200);
  });

  it('lets a Custom token do only what each object allows', async () => {
    const custom = await mint(editor.token, {
      name: 'canaries-writer',
      scope: [{ object: 'canaries', actions: ['read', 'create', 'update', 'delete'] }],
    });
    expect((await call(custom, 'POST', '/api/db/canaries', canary('custom'))).status).toBe(201);
    expect((await call(custom, 'GET', '/api/db/incidents?select=id')).status).toBe(403);
  });

  it('never widens the owner: a Write token of an editor still cannot write connections', async () => {
    const write = await mint(editor.token, {
      name: 'writer',
      scope: [{ object: '*', actions: ['read', 'create', 'update', 'delete'] }],
    });
    const res = await call(write, 'POST', '/api/db/connections', { name: 'db', type: 'postgres' });
    expect(res.status).toBe(403);
  });

  it("keeps a scoped admin token away from the admin role's own actions", async () => {
    const read = await mint(admin.token, { name: 'admin-read', scope: [{ object: '*', actions: ['read'] }] });
    const invite = await call(read, 'POST', '/api/auth/invite_user', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.com',
      role: 'admin',
    });
    expect(invite.status).toBe(403);
  });

  it('refuses a scoped token creating or revoking tokens', async () => {
    const read = await mint(editor.token, { name: 'no-minting', scope: [{ object: '*', actions: ['read'] }] });
    const child = await call(read, 'POST', '/api/auth/create_token', { name: 'child' });
    expect(child.status).toBe(403);
    // a Read token is stopped before the route, as every write of a read-only token is
    expect(child.body.message).toContain("outside the access token's scope");
    const write = await mint(editor.token, {
      name: 'no-minting-either',
      scope: [{ object: 'canaries', actions: ['read', 'update'] }],
    });
    const other = await call(write, 'POST', '/api/auth/create_token', { name: 'child' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('a scoped access token cannot create tokens');
  });

  it.each([
    [{ name: 'x', scope: [{ object: 'spaceships', actions: ['read'] }] }, 'unknown object spaceships'],
    [{ name: 'x', scope: [{ object: 'canaries', actions: [] }] }, 'at least one action'],
    [{ name: 'x', scope: [{ object: 'canaries', actions: ['sudo'] }] }, ''],
    [{ name: 'x', scope: [] }, 'leave it out for full access'],
  ])('refuses a malformed scope with 400 (%j)', async (body, message) => {
    const res = await call(editor.token, 'POST', '/api/auth/create_token', body);
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain(message);
  });
});

describe('listing and revoking tokens', () => {
  it("lists a person's own tokens with their scope, and everyone's only to an admin", async () => {
    const own = await call(editor.token, 'GET', '/api/auth/tokens');
    const rows = own.body as unknown as Array<{ name: string; person_id: string; scope: unknown }>;
    expect(rows.every((t) => t.person_id === editor.id)).toBe(true);
    expect(rows.find((t) => t.name === 'read-only')?.scope).toEqual([{ object: '*', actions: ['read'] }]);
    expect((await call(editor.token, 'GET', '/api/auth/tokens?all=true')).status).toBe(403);
    const all = await call(admin.token, 'GET', '/api/auth/tokens?all=true');
    const everyone = all.body as unknown as Array<{ person_id: string; person?: { email: string } }>;
    expect(everyone.some((t) => t.person?.email === 'ed@example.com')).toBe(true);
    expect(everyone.some((t) => t.person_id === admin.id)).toBe(true);
  });

  it('lets a person revoke their token and an admin revoke anyone’s; a revoked token stops working', async () => {
    const mine = await mint(editor.token, { name: 'to-revoke' });
    const list = (await call(editor.token, 'GET', '/api/auth/tokens')).body as unknown as Array<{
      id: string;
      name: string;
    }>;
    const id = list.find((t) => t.name === 'to-revoke')?.id;
    const adminId = ((await call(admin.token, 'GET', '/api/auth/tokens')).body as unknown as Array<{ id: string }>)[0]
      ?.id;
    expect((await call(editor.token, 'DELETE', `/api/auth/token/${adminId}`)).status).toBe(404);
    expect((await call(admin.token, 'DELETE', `/api/auth/token/${id}`)).status).toBe(204);
    expect((await call(mine, 'GET', '/api/auth/whoami')).status).toBe(401);
  });

  it('tells the form the longest lifetime allowed', async () => {
    const res = await call(editor.token, 'GET', '/api/auth/token_settings');
    expect(res.body).toEqual({ max_lifetime: '2160h', max_lifetime_ms: 2160 * 3_600_000 });
  });
});
