import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { setRoles } from '../../src/identity/people/roles.js';
import { createAccessToken } from '../../src/identity/tokens/accessTokens.js';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 11 item 1: an editor could write `permissions`, grant itself the `rbac` object and then
// change its own role. Every path below is tried with real access tokens (subjects loaded from
// the database, permission rows included), as an attacker holding each role would.

const ATTACKERS = ['editor', 'commander', 'responder', 'viewer', 'guest'] as const;
type Who = Role | 'granted';

let server: TestServer;
const ids: Partial<Record<Who, string>> = {};
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  server = await startTestServer();
  // `granted` is a viewer an admin trusted with identities and rbac through permission rows
  for (const who of ['admin', ...ATTACKERS, 'granted'] as const) {
    const role: Role = who === 'granted' ? 'viewer' : who;
    const id = await addUser(
      { db: server.db, clock: systemClock },
      { email: `${who}@example.com`, password: 'correct-horse-battery', roles: [role] },
    );
    ids[who] = id;
    const created = await createAccessToken(server.db.kysely, {
      personId: id,
      name: 'attack',
      lifetimeMs: 3_600_000,
      autoRenew: false,
      now: new Date(),
    });
    tokens[who] = created.token;
  }
  await server.db.kysely
    .insertInto('permissions')
    .values([
      { person_id: id('granted'), object: 'people', action: '*', created_by: id('admin') },
      { person_id: id('granted'), object: 'rbac', action: '*', created_by: id('admin') },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function id(who: Who): string {
  const value = ids[who];
  if (!value) throw new Error(`no ${who}`);
  return value;
}

async function call(who: Who, method: string, path: string, body?: unknown) {
  const res = await server.fetch(path, {
    as: null,
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      prefer: 'return=representation',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  return { status: res.status, body: parsed as { message?: string } & Record<string, unknown> };
}

const grant = (who: Who, row: Record<string, unknown>) => call(who, 'POST', '/api/db/permissions', row);

async function rolesOf(who: Who): Promise<string[]> {
  const rows = await server.db.kysely
    .selectFrom('person_roles')
    .select('role')
    .where('person_id', '=', id(who))
    .execute();
  return rows.map((r) => r.role);
}

async function adminRow(values: Record<string, unknown>): Promise<string> {
  const row = await server.db.kysely
    .insertInto('permissions')
    .values({ action: 'read', created_by: id('admin'), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('an editor cannot make itself admin', () => {
  it('refuses granting itself the rbac, people, connection or every object with 403', async () => {
    for (const object of ['rbac', 'permissions', 'people', 'identities', 'connection', 'connection-detail', '*']) {
      const res = await grant('editor', { person_id: id('editor'), object, action: 'read,update' });
      expect(res.status, object).toBe(403);
      expect(res.body.message).toContain('need the admin role');
    }
    const selector = await grant('editor', { person_id: id('editor'), object_selector: { name: '*' }, action: 'read' });
    expect(selector.status).toBe(403);
    const connection = await grant('editor', {
      person_id: id('editor'),
      connection_id: crypto.randomUUID(),
      action: '*',
    });
    expect(connection.status).toBe(403);
    const rows = await server.db.kysely
      .selectFrom('permissions')
      .select('id')
      .where('person_id', '=', id('editor'))
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses changing its own role even after an admin granted it rbac, whatever rows say', async () => {
    const row = await adminRow({ person_id: id('editor'), object: 'rbac', action: '*' });
    try {
      const res = await call('editor', 'POST', `/api/rbac/${id('editor')}/update_role`, { role: 'admin' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('changing roles needs the admin role');
      const viaPeople = await call('granted', 'POST', '/api/people/update', { id: id('granted'), roles: ['admin'] });
      expect(viaPeople.status).toBe(403);
      expect(viaPeople.body.message).toBe('changing roles needs the admin role');
      expect(await rolesOf('editor')).toEqual(['editor']);
      expect(await rolesOf('granted')).toEqual(['viewer']);
    } finally {
      await server.db.kysely.deleteFrom('permissions').where('id', '=', row).execute();
    }
  });

  it('cannot write its own role through /api/db', async () => {
    const people = await call('editor', 'PATCH', `/api/db/people?id=eq.${id('editor')}`, { role: 'admin' });
    expect(people.status).toBe(403);
    const view = await call('granted', 'PATCH', `/api/db/people_roles?id=eq.${id('granted')}`, { roles: ['admin'] });
    expect(view.status).toBe(405);
    const table = await call('granted', 'POST', '/api/db/person_roles', { person_id: id('granted'), role: 'admin' });
    expect(table.status).toBe(404);
    expect(await rolesOf('granted')).toEqual(['viewer']);
  });
});

describe('nobody grants more than they hold', () => {
  it('lets an editor grant what it holds, to itself or others, and nothing broader', async () => {
    const ok = await grant('editor', { person_id: id('viewer'), object: 'canaries', action: 'read,update' });
    expect(ok.status).toBe(201);
    const broader = await grant('editor', { person_id: id('viewer'), object: 'rbac', action: 'read' });
    expect(broader.status).toBe(403);
    const unknownAction = await grant('editor', { person_id: id('viewer'), object: 'canaries', action: 'sudo' });
    expect(unknownAction.status).toBe(403);
  });

  it('refuses a permission writer granting actions it lacks (a responder trusted with permissions)', async () => {
    const row = await adminRow({ person_id: id('responder'), object: 'permissions', action: 'create,update' });
    try {
      const res = await grant('responder', { person_id: id('responder'), object: 'canaries', action: 'update' });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('you cannot grant update on canaries: you do not hold it yourself');
      const own = await grant('responder', { person_id: id('viewer'), object: 'incident', action: 'update' });
      expect(own.status).toBe(201);
    } finally {
      await server.db.kysely.deleteFrom('permissions').where('id', '=', row).execute();
    }
  });

  it("refuses taking over an admin's grant by editing it", async () => {
    const row = await adminRow({ person_id: id('viewer'), object: 'rbac', action: 'read' });
    for (const patch of [
      { person_id: id('editor') },
      { object: 'canaries', person_id: id('editor') },
      { until: null },
    ]) {
      const res = await call('editor', 'PATCH', `/api/db/permissions?id=eq.${row}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(403);
    }
    const stored = await server.db.kysely
      .selectFrom('permissions')
      .selectAll()
      .where('id', '=', row)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ person_id: id('viewer'), object: 'rbac' });
  });
});

describe("deny rows are the admin's", () => {
  it('refuses a non-admin removing, disabling or ending a deny row, or writing one', async () => {
    const row = await adminRow({ person_id: id('editor'), object: 'canaries', action: 'update', deny: true });
    expect(
      (await call('editor', 'PATCH', '/api/db/canaries?id=eq.00000000-0000-4000-8000-000000000000', { labels: {} }))
        .status,
    ).toBe(403);
    const attempts: Array<[string, unknown]> = [
      ['DELETE', undefined],
      ['PATCH', { deny: false }],
      ['PATCH', { until: '2000-01-01T00:00:00Z' }],
      ['PATCH', { deleted_at: new Date().toISOString() }],
      ['PATCH', { person_id: id('viewer') }],
    ];
    for (const [method, body] of attempts) {
      const res = await call('editor', method, `/api/db/permissions?id=eq.${row}`, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(res.body.message).toContain('deny rows are written and removed only by an admin');
    }
    const stored = await server.db.kysely
      .selectFrom('permissions')
      .selectAll()
      .where('id', '=', row)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ deny: true, until: null, deleted_at: null, person_id: id('editor') });
    const against = await grant('editor', { person_id: id('admin'), object: 'canaries', action: 'read', deny: true });
    expect(against.status).toBe(403);
  });
});

describe('team membership', () => {
  it('refuses joining a team whose rows confer more than the joiner holds', async () => {
    const team = await server.db.kysely
      .insertInto('teams')
      .values({ name: 'admins' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await adminRow({ team_id: team.id, object: 'rbac', action: '*' });
    const other = await server.db.kysely
      .insertInto('teams')
      .values({ name: 'watchers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await adminRow({ team_id: other.id, object: 'canaries', action: 'read' });
    for (const who of ATTACKERS) {
      const res = await call(who, 'POST', '/api/db/team_members', { team_id: team.id, person_id: id(who) });
      expect(res.status, who).toBe(403);
    }
    // even someone an admin trusted with people administration
    const granted = await call('granted', 'POST', '/api/db/team_members', {
      team_id: team.id,
      person_id: id('granted'),
    });
    expect(granted.status).toBe(403);
    expect(granted.body.message).toContain('need the admin role');
    const harmless = await call('granted', 'POST', '/api/db/team_members', {
      team_id: other.id,
      person_id: id('granted'),
    });
    expect(harmless.status).toBe(201);
    const members = await server.db.kysely
      .selectFrom('team_members')
      .select('person_id')
      .where('team_id', '=', team.id)
      .execute();
    expect(members).toEqual([]);
  });
});

describe("an admin's account and roles stay the admin's", () => {
  it("refuses a non-admin inviting with a role, or changing or deleting an admin's account", async () => {
    const invite = await call('granted', 'POST', '/api/auth/invite_user', { email: 'new@example.com', role: 'admin' });
    expect(invite.status).toBe(403);
    expect(invite.body.message).toBe('inviting a user with a role needs the admin role');
    const email = await call('granted', 'POST', '/api/people/update', { id: id('admin'), email: 'mine@example.com' });
    expect(email.status).toBe(403);
    const viaDb = await call('granted', 'PATCH', `/api/db/people?id=eq.${id('admin')}`, { email: 'mine@example.com' });
    expect(viaDb.status).toBe(403);
    const remove = await call('granted', 'DELETE', `/api/people/${id('admin')}`);
    expect(remove.status).toBe(403);
    const person = await server.db.kysely
      .selectFrom('people')
      .select(['email', 'deleted_at'])
      .where('id', '=', id('admin'))
      .executeTakeFirstOrThrow();
    expect(person).toEqual({ email: 'admin@example.com', deleted_at: null });
  });

  it('every other role is refused each role-changing path', async () => {
    for (const who of ATTACKERS) {
      const paths: Array<[string, string, unknown]> = [
        ['POST', `/api/rbac/${id(who)}/update_role`, { role: 'admin' }],
        ['POST', '/api/people/update', { id: id(who), roles: ['admin'] }],
        ['POST', '/api/auth/invite_user', { email: `${who}-friend@example.com`, role: 'admin' }],
        ['POST', '/api/db/permissions', { person_id: id(who), object: 'rbac', action: '*' }],
      ];
      for (const [method, path, body] of paths) {
        const res = await call(who, method, path, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
      expect(await rolesOf(who)).toEqual([who]);
    }
  });

  it("a token holds its owner's current roles, never more", async () => {
    const before = await call('editor', 'POST', '/api/db/properties', { name: 'probe.disable', value: 'false' });
    expect(before.status).toBe(201);
    await setRoles(server.db.kysely, id('editor'), ['viewer']);
    try {
      const after = await call('editor', 'POST', '/api/db/properties', { name: 'probe2.disable', value: 'false' });
      expect(after.status).toBe(403);
      const whoami = await call('editor', 'GET', '/api/auth/whoami');
      expect((whoami.body.payload as { roles: string[] }).roles).toEqual(['viewer']);
    } finally {
      await setRoles(server.db.kysely, id('editor'), ['editor']);
    }
  });
});
