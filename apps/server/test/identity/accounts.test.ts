import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { addUser, bootstrapAdmin } from '../../src/identity/people/bootstrap.js';
import { createTestDb, startTestServer, type TestServer } from '../helpers/index.js';
import { browser, signIn } from './helpers.js';

let server: TestServer;
const PASSWORD = 'correct-horse-battery';
let editorId = '';

beforeAll(async () => {
  server = await startTestServer();
  editorId = await addUser(
    { db: server.db, clock: systemClock },
    { email: 'ed@example.com', password: PASSWORD, roles: ['editor'], first: 'Ed', last: 'Itor' },
  );
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('access tokens', () => {
  it('creates a token shown once, authenticates with Bearer and Basic token:, lists without secrets, revokes', async () => {
    const b = browser(server);
    await signIn(b, 'ed@example.com', PASSWORD);
    const created = await b.fetch(`${server.url}/api/auth/create_token`, json({ name: 'ci', expiry: '720h' }));
    expect(created.status).toBe(201);
    const { payload } = await created.json();
    expect(payload.token).toMatch(/^opsdeck_at_/);
    const days = (Date.parse(payload.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    const bearer = await fetch(`${server.url}/api/auth/whoami`, {
      headers: { authorization: `Bearer ${payload.token}` },
    });
    expect(bearer.status).toBe(200);
    const me = await bearer.json();
    expect(me.payload.user.email).toBe('ed@example.com');
    expect(me.payload.roles).toEqual(['editor']);
    const basic = await fetch(`${server.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`token:${payload.token}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    const wrongUser = await fetch(`${server.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${payload.token}`).toString('base64')}` },
    });
    expect(wrongUser.status).toBe(401);

    const list = await (await b.fetch(`${server.url}/api/auth/tokens`)).json();
    expect(list.map((t: { name: string }) => t.name)).toEqual(['ci']);
    expect(JSON.stringify(list)).not.toContain(payload.token);
    const stored = await server.db.kysely.selectFrom('access_tokens').select('value').execute();
    expect(JSON.stringify(stored)).not.toContain(payload.token);

    expect((await b.fetch(`${server.url}/api/auth/create_token`, json({ name: 'ci' }))).status).toBe(409);
    expect((await b.fetch(`${server.url}/api/auth/create_token`, json({ name: 'x', expiry: 'soon' }))).status).toBe(
      400,
    );
    const revoked = await b.fetch(`${server.url}/api/auth/token/${payload.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect(
      (await fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${payload.token}` } })).status,
    ).toBe(401);
  });
});

describe('users: roles, update, delete', () => {
  it('changes roles (admins only) and keeps at least one admin', async () => {
    const res = await server.fetch(`/api/rbac/${editorId}/update_role`, json({ roles: ['responder'] }));
    expect(res.status).toBe(200);
    expect((await res.json()).roles).toEqual(['responder']);
    const viewRoles = await (await server.fetch(`/api/db/people_roles?id=eq.${editorId}`)).json();
    expect(viewRoles[0].roles).toEqual(['responder']);
    const byEditor = await server.fetch(`/api/rbac/${editorId}/update_role`, {
      ...json({ role: 'admin' }),
      as: 'editor',
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.headers.get('x-rbac-object')).toBe('rbac');

    const admins = await server.db.kysely
      .selectFrom('person_roles')
      .select('person_id')
      .where('role', '=', 'admin')
      .execute();
    const onlyAdmin = await addUser(
      { db: server.db, clock: systemClock },
      { email: 'root@example.com', password: PASSWORD, roles: ['admin'] },
    );
    expect(admins).toHaveLength(0);
    const demote = await server.fetch(`/api/rbac/${onlyAdmin}/update_role`, json({ roles: ['viewer'] }));
    expect(demote.status).toBe(400);
    expect((await demote.json()).message).toContain('last administrator');
  });

  it('updates a person and their sign-in email', async () => {
    const res = await server.fetch(
      '/api/people/update',
      json({ id: editorId, firstName: 'Edna', email: 'edna@example.com', title: 'SRE' }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.name).toBe('Edna Itor');
    expect(body.email).toBe('edna@example.com');
    const b = browser(server);
    const login = await signIn(b, 'edna@example.com', PASSWORD);
    expect(login.session.identity?.traits.name).toEqual({ first: 'Edna', last: 'Itor' });
    expect((await server.fetch('/api/people/update', json({ id: 'nope' }))).status).toBe(400);
    expect(
      (await server.fetch('/api/people/update', json({ id: '00000000-0000-4000-8000-00000000abcd', name: 'x' })))
        .status,
    ).toBe(404);
    expect(
      (await server.fetch('/api/people/update', { ...json({ id: editorId, name: 'x' }), as: 'editor' })).status,
    ).toBe(403);
  });

  it('deletes a person: sessions end, sign-in fails, the email is free again', async () => {
    const id = await addUser(
      { db: server.db, clock: systemClock },
      { email: 'leaver@example.com', password: PASSWORD, roles: ['viewer'] },
    );
    const b = browser(server);
    await signIn(b, 'leaver@example.com', PASSWORD);
    expect((await server.fetch(`/api/people/${id}`, { method: 'DELETE', as: 'editor' })).status).toBe(403);
    expect((await server.fetch(`/api/people/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
    expect((await server.fetch(`/api/people/${id}`, { method: 'DELETE' })).status).toBe(404);
    const again = await addUser(
      { db: server.db, clock: systemClock },
      { email: 'leaver@example.com', password: PASSWORD, roles: [] },
    );
    expect(again).not.toBe(id);
  });
});

describe('bootstrap admin', () => {
  it('creates admin@localhost once with a printed password that signs in', async () => {
    const db = await createTestDb();
    try {
      const config = loadConfig({ LOG_LEVEL: 'silent' });
      const lines: string[] = [];
      const first = await bootstrapAdmin({ db, config, clock: systemClock }, (l) => lines.push(l));
      expect(first).toEqual({ created: true, email: 'admin@localhost' });
      const password = /password: (\S+)/.exec(lines.join('\n'))?.[1];
      expect(password).toBeDefined();
      expect((await bootstrapAdmin({ db, config, clock: systemClock }, (l) => lines.push(l))).created).toBe(false);
      expect(lines).toHaveLength(1);
      const s = await startTestServer({ db });
      try {
        const b = browser(s);
        const login = await signIn(b, 'admin@localhost', String(password));
        expect(login.session.active).toBe(true);
        expect((await (await b.fetch(`${s.url}/api/auth/whoami`)).json()).payload.roles).toEqual(['admin']);
      } finally {
        await s.close();
      }
    } finally {
      await db.close();
    }
  });

  it('uses OPSDECK_ADMIN_EMAIL and OPSDECK_ADMIN_PASSWORD without printing', async () => {
    const db = await createTestDb();
    try {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        OPSDECK_ADMIN_EMAIL: 'ops@corp.example',
        OPSDECK_ADMIN_PASSWORD: 'given-admin-secret',
      });
      const lines: string[] = [];
      expect((await bootstrapAdmin({ db, config, clock: systemClock }, (l) => lines.push(l))).email).toBe(
        'ops@corp.example',
      );
      expect(lines).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('opsdeck user add', () => {
  it('adds a user with a role to the embedded database and refuses bad flags', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-cli-'));
    const env = { ...process.env };
    process.env.OPSDECK_DATA_DIR = dir;
    delete process.env.DATABASE_URL;
    try {
      expect(await main(['user', 'add', '--email', 'cli@example.com', '--role', 'overlord'])).toBe(2);
      expect(
        await main([
          'user',
          'add',
          '--email',
          'cli@example.com',
          '--role',
          'viewer',
          '--password',
          'tangerine-window-42',
        ]),
      ).toBe(0);
      expect(await main(['user', 'add', '--email', 'cli@example.com', '--role', 'viewer'])).toBe(1);
    } finally {
      process.env = env;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
