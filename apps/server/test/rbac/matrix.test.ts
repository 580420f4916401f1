import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { ACTIONS, type Action, RESOURCES, type Resource, type Role } from '../../src/rbac/resources.js';
import { exposedTable } from '../../src/rest/whitelist.js';
import { createTestDb } from '../helpers/index.js';
import { type Browser, browser, signIn } from '../identity/helpers.js';

/**
 * The spec's role table (part 1 section 6), written out independently of the implementation:
 * what each role may read and write. Every non-read action counts as a write.
 */
const NOT_FOR_RESPONDERS: Resource[] = ['rbac', 'identities', 'connections'];
const SPEC: Record<Exclude<Role, 'agent'>, { read: Resource[]; write: Resource[] }> = {
  admin: { read: [...RESOURCES], write: [...RESOURCES] },
  editor: { read: [...RESOURCES], write: RESOURCES.filter((r) => !['connections', 'identities', 'rbac'].includes(r)) },
  commander: {
    read: RESOURCES.filter((r) => !NOT_FOR_RESPONDERS.includes(r)),
    write: ['responder', 'incident', 'evidences', 'comments'],
  },
  responder: {
    read: RESOURCES.filter((r) => !NOT_FOR_RESPONDERS.includes(r)),
    write: ['responder', 'incident', 'evidences', 'comments'],
  },
  viewer: { read: RESOURCES.filter((r) => !NOT_FOR_RESPONDERS.includes(r)), write: [] },
  guest: { read: RESOURCES.filter((r) => !NOT_FOR_RESPONDERS.includes(r)), write: [] },
};
const ROLES_UNDER_TEST = Object.keys(SPEC) as Array<keyof typeof SPEC>;
const specAllows = (role: keyof typeof SPEC, resource: Resource, action: Action) =>
  (action === 'read' ? SPEC[role].read : SPEC[role].write).includes(resource);

const PASSWORD = 'correct-horse-battery';
/** `playbook:run` cannot sit in a route path (the colon starts a parameter). */
const slug = (action: Action) => action.replace(':', '-');
let db: Db;
let app: FastifyInstance;
let url = '';
const people: Record<string, { id: string; browser: Browser }> = {};

beforeAll(async () => {
  db = await createTestDb();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000' }), webDir: undefined };
  // the production app (real session and token authenticators), plus one probe route per
  // resource and action declaring that requirement, so the auth hook itself is what is tested
  ({ app } = await buildApp({ config, db, logger: false, clock: systemClock }));
  for (const resource of RESOURCES) {
    for (const action of ACTIONS) {
      app.get(`/api/probe/${resource}/${slug(action)}`, { config: { auth: { resource, action } } }, async () => ({
        ok: true,
      }));
    }
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const fake = { url } as never;
  for (const role of ROLES_UNDER_TEST) {
    const id = await addUser(
      { db, clock: systemClock },
      { email: `${role}@example.com`, password: PASSWORD, roles: [role] },
    );
    const b = browser(fake);
    await signIn(b, `${role}@example.com`, PASSWORD);
    people[role] = { id, browser: b };
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

function session(role: string): Browser {
  const p = people[role];
  if (!p) throw new Error(`no user for ${role}`);
  return p.browser;
}

describe('role matrix on routes (real sessions, spec part 1 section 6)', () => {
  for (const role of ROLES_UNDER_TEST) {
    it(`${role}: every resource and action`, async () => {
      const wrong: string[] = [];
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) {
          const res = await session(role).fetch(`${url}/api/probe/${resource}/${slug(action)}`);
          const allowed = specAllows(role, resource, action);
          if (allowed && res.status !== 200) wrong.push(`${resource}:${action} expected 2xx, got ${res.status}`);
          if (!allowed) {
            if (res.status !== 403) wrong.push(`${resource}:${action} expected 403, got ${res.status}`);
            else if (
              res.headers.get('x-rbac-subject') !== people[role]?.id ||
              res.headers.get('x-rbac-object') !== resource ||
              res.headers.get('x-rbac-action') !== action
            ) {
              wrong.push(`${resource}:${action} 403 without the X-Rbac-* headers`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 401 without a session', async () => {
    expect((await fetch(`${url}/api/probe/canaries/read`)).status).toBe(401);
  });
});

/** /api/db tables with an id column, their filter, and whether they take writes. */
const DB_TABLES = [
  'people',
  'teams',
  'agents',
  'properties',
  'permissions',
  'permissions_summary',
  'people_roles',
  'incidents',
  'evidences',
  'comments',
  'responders',
  'connections',
  'notifications',
  'canaries',
  'config_scrapers',
  'config_items',
  'configs',
  'views',
  'views_summary',
];

describe('role matrix on /api/db tables (table to resource, method to action)', () => {
  for (const role of ROLES_UNDER_TEST) {
    it(`${role}: read with GET, delete with DELETE`, async () => {
      const wrong: string[] = [];
      let tested = 0;
      for (const table of DB_TABLES) {
        const entry = exposedTable(table);
        if (!entry) continue;
        tested++;
        const filter = table === 'properties' ? 'name=eq.no-such-flag' : `id=eq.${randomUUID()}`;
        const read = await session(role).fetch(`${url}/api/db/${table}?${filter}`);
        const canRead = specAllows(role, entry.resource, 'read');
        if (canRead !== (read.status === 200)) wrong.push(`GET ${table} (${entry.resource}) -> ${read.status}`);
        if (!canRead && read.headers.get('x-rbac-object') !== entry.resource)
          wrong.push(`GET ${table}: no X-Rbac-Object`);
        if (!entry.writable) continue;
        const del = await session(role).fetch(`${url}/api/db/${table}?${filter}`, { method: 'DELETE' });
        const writeResource = entry.writeResource ?? entry.resource;
        const canDelete = specAllows(role, writeResource, 'delete');
        if (canDelete !== (del.status >= 200 && del.status < 300))
          wrong.push(`DELETE ${table} (${writeResource}) -> ${del.status}`);
        if (!canDelete && del.status !== 403) wrong.push(`DELETE ${table}: expected 403, got ${del.status}`);
      }
      expect(tested).toBeGreaterThanOrEqual(8);
      expect(wrong).toEqual([]);
    });
  }
});

describe('permission rows', () => {
  it('a deny row beats the role grant, on routes and on /api/db', async () => {
    const editor = people.editor?.id as string;
    const before = await session('editor').fetch(`${url}/api/probe/canaries/update`);
    expect(before.status).toBe(200);
    await db.kysely
      .insertInto('permissions')
      .values({ person_id: editor, object: 'canaries', action: 'update,delete', deny: true })
      .execute();
    const denied = await session('editor').fetch(`${url}/api/probe/canaries/update`);
    expect(denied.status).toBe(403);
    expect((await denied.json()).message).toContain('denied by permission');
    expect((await session('editor').fetch(`${url}/api/probe/canaries/read`)).status).toBe(200);

    await db.kysely
      .insertInto('permissions')
      .values({ person_id: editor, object: 'rbac', action: 'read', deny: true })
      .execute();
    expect((await session('editor').fetch(`${url}/api/db/permissions`)).status).toBe(403);
    const whoami = await (await session('editor').fetch(`${url}/api/auth/whoami`)).json();
    expect(whoami.payload.permissions.filter((p: { deny: boolean }) => p.deny)).toHaveLength(2);
  });

  it('an allow row grants what the role does not, through a team, until it ends', async () => {
    const viewer = people.viewer?.id as string;
    expect((await session('viewer').fetch(`${url}/api/probe/incident/create`)).status).toBe(403);
    const team = await db.kysely
      .insertInto('teams')
      .values({ name: 'oncall' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto('team_members').values({ team_id: team.id, person_id: viewer }).execute();
    await db.kysely.insertInto('permissions').values({ team_id: team.id, object: 'incident', action: '*' }).execute();
    expect((await session('viewer').fetch(`${url}/api/probe/incident/create`)).status).toBe(200);
    expect((await session('viewer').fetch(`${url}/api/probe/comments/delete`)).status).toBe(200);
    expect((await session('viewer').fetch(`${url}/api/probe/canaries/update`)).status).toBe(403);

    await db.kysely
      .insertInto('permissions')
      .values({ person_id: viewer, object: 'connection', action: 'read', until: new Date(Date.now() - 1000) })
      .execute();
    expect((await session('viewer').fetch(`${url}/api/probe/connections/read`)).status).toBe(403);
    await db.kysely
      .insertInto('permissions')
      .values({ person_id: viewer, object: 'connection', action: 'read', until: new Date(Date.now() + 3_600_000) })
      .execute();
    expect((await session('viewer').fetch(`${url}/api/probe/connections/read`)).status).toBe(200);
  });

  it('rejects malformed rows written through /api/db with 400', async () => {
    const bad = await session('admin').fetch(`${url}/api/db/permissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'canaries', action: 'read' }),
    });
    expect(bad.status).toBe(400);
    const ok = await session('admin').fetch(`${url}/api/db/permissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        person_id: people.guest?.id,
        object: 'canaries',
        action: 'read',
        deny: true,
        description: 'no canaries',
      }),
    });
    expect(ok.status).toBe(201);
    const [row] = await ok.json();
    expect(row.subject_type).toBe('person');
    expect(row.created_by).toBe(people.admin?.id);
    const summary = await (await session('admin').fetch(`${url}/api/db/permissions_summary?id=eq.${row.id}`)).json();
    expect(summary[0].person.email).toBe('guest@example.com');
    expect((await session('guest').fetch(`${url}/api/probe/canaries/read`)).status).toBe(403);
  });
});
