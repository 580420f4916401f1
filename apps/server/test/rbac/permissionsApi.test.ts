import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { createAccessToken } from '../../src/identity/tokens/accessTokens.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The Permissions page's calls (issue 16 item 3): add, edit and delete rows through /api/db, the
// paged summary, malformed rows refused with 400, viewers refused, and a row taking effect on the
// person it names at their next request.

let server: TestServer;
let editorId: string;
let editorToken: string;
let teamId: string;

beforeAll(async () => {
  server = await startTestServer();
  editorId = await addUser(
    { db: server.db, clock: systemClock },
    { email: 'ed@example.com', password: 'correct-horse-battery', roles: ['editor'], first: 'Ed', last: 'Itor' },
  );
  editorToken = (
    await createAccessToken(server.db.kysely, {
      personId: editorId,
      name: 'test',
      lifetimeMs: 3_600_000,
      autoRenew: false,
      now: new Date(),
    })
  ).token;
  const team = await server.db.kysely
    .insertInto('teams')
    .values({ name: 'SRE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamId = team.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function write(method: string, path: string, body?: unknown, as: 'admin' | 'viewer' = 'admin') {
  const res = await server.fetch(path, {
    as,
    method,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

const asEditor = (path: string) =>
  server.fetch(path, { as: null, headers: { authorization: `Bearer ${editorToken}` } });

describe('permission rows through the Permissions page calls', () => {
  it('adds, edits and deletes a row, each taking effect on the person at their next request', async () => {
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(200);

    const added = await write('POST', '/api/db/permissions', {
      person_id: editorId,
      object: 'canaries',
      action: 'read',
      deny: true,
      description: 'no health checks for Ed',
    });
    expect(added.status).toBe(201);
    const row = (added.body as unknown as Array<{ id: string; created_by: string | null }>)[0];
    expect(row).toBeDefined();
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(403);

    // edit: the deny now speaks to deleting only, so reading is back
    const edited = await write('PATCH', `/api/db/permissions?id=eq.${row?.id}`, { action: 'delete' });
    expect(edited.status).toBe(200);
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(200);

    // edit: an `until` in the past ends the row
    await write('PATCH', `/api/db/permissions?id=eq.${row?.id}`, { action: 'read', until: '2001-01-01T00:00:00Z' });
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(200);
    await write('PATCH', `/api/db/permissions?id=eq.${row?.id}`, { until: null });
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(403);

    const removed = await write('DELETE', `/api/db/permissions?id=eq.${row?.id}`);
    expect(removed.status).toBe(200);
    expect((await asEditor('/api/db/canaries?select=id')).status).toBe(200);
  });

  it('lets an allow row open what the role does not (an editor creating a connection)', async () => {
    // editors read everything by role but do not write connections
    const before = await server.fetch('/api/db/connections', {
      as: null,
      method: 'POST',
      headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pg', type: 'postgres', url: 'postgres://x' }),
    });
    expect(before.status).toBe(403);
    const added = await write('POST', '/api/db/permissions', {
      person_id: editorId,
      object: 'connection',
      action: 'create',
    });
    expect(added.status).toBe(201);
    const after = await server.fetch('/api/db/connections', {
      as: null,
      method: 'POST',
      headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pg', type: 'postgres', url: 'postgres://x' }),
    });
    expect(after.status).toBe(201);
  });
});

describe('malformed permission rows', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no subject', { object: 'canaries', action: 'read' }, ''],
    ['two subjects', { object: 'canaries', action: 'read', team_id: 'TEAM', person_id: 'ED' }, 'one subject'],
    ['unknown object', { person_id: 'ED', object: 'spaceships', action: 'read' }, 'unknown global object spaceships'],
    ['two resources', { person_id: 'ED', object: 'canaries', connection_id: 'ED', action: 'read' }, 'one resource'],
    ['unknown action', { person_id: 'ED', object: 'canaries', action: 'sudo' }, 'unknown action sudo'],
    [
      'playbook action on canaries',
      { person_id: 'ED', object: 'canaries', action: 'playbook:run' },
      'only to playbooks',
    ],
    ['no resource', { team_id: 'TEAM', action: 'read' }, ''],
  ];
  it.each(cases)('refuses %s with 400 and a clear message', async (_name, raw, message) => {
    const body = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, v === 'ED' ? editorId : v === 'TEAM' ? teamId : v]),
    );
    const res = await write('POST', '/api/db/permissions', body);
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain(message);
  });

  it('accepts playbook actions on the playbooks object and a specific playbook', async () => {
    const global = await write('POST', '/api/db/permissions', {
      team_id: teamId,
      object: 'playbooks',
      action: 'playbook:approve',
    });
    expect(global.status).toBe(201);
    const one = await write('POST', '/api/db/permissions', {
      team_id: teamId,
      playbook_id: '00000000-0000-4000-8000-0000000000aa',
      action: 'playbook:run',
    });
    expect(one.status).toBe(201);
  });

  it('refuses a PATCH that would give a row a second subject, and keeps the row', async () => {
    const added = await write('POST', '/api/db/permissions', { team_id: teamId, object: 'topology', action: 'read' });
    const id = (added.body as unknown as Array<{ id: string }>)[0]?.id;
    const res = await write('PATCH', `/api/db/permissions?id=eq.${id}`, { person_id: editorId });
    expect(res.status).toBe(400);
    const stored = await server.db.kysely
      .selectFrom('permissions')
      .select(['team_id', 'person_id'])
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ team_id: teamId, person_id: null });
  });

  it('refuses viewers writing permission rows', async () => {
    const res = await write(
      'POST',
      '/api/db/permissions',
      { team_id: teamId, object: 'canaries', action: 'read' },
      'viewer',
    );
    expect(res.status).toBe(403);
  });
});

describe('the permissions summary', () => {
  it('pages with a total and names the subject, catalog item, connection and author', async () => {
    const conn = await server.db.kysely
      .insertInto('connections')
      .values({ name: 'orders-db', type: 'postgres' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await write('POST', '/api/db/permissions', { team_id: teamId, connection_id: conn.id, action: 'read' });
    const res = await server.fetch('/api/db/permissions_summary?select=*&order=created_at.desc&limit=2&offset=0', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    const total = Number(res.headers.get('content-range')?.split('/')[1]);
    const count = await server.db.kysely
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(count.n));
    const rows = (await res.json()) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      subject_name: 'SRE',
      team: { name: 'SRE' },
      connection: { name: 'orders-db', type: 'postgres' },
    });
  });

  it('names the playbook and the component a row is about', async () => {
    const playbook = await write('POST', '/api/db/playbooks', {
      name: 'restart-orders',
      spec: { title: 'Restart orders', actions: [{ name: 'restart', exec: { script: 'echo restart' } }] },
    });
    expect(playbook.status).toBe(201);
    const playbookId = (playbook.body as unknown as Array<{ id: string }>)[0]?.id;
    const component = await server.db.kysely
      .insertInto('components')
      .values({ name: 'orders-api', external_id: 'orders-api', type: 'Service' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await write('POST', '/api/db/permissions', { team_id: teamId, playbook_id: playbookId, action: 'playbook:run' });
    await write('POST', '/api/db/permissions', { team_id: teamId, component_id: component.id, action: 'read' });
    const res = await server.fetch(
      `/api/db/permissions_summary?select=action,playbook,component&or=(playbook_id.eq.${playbookId},component_id.eq.${component.id})&order=action.asc`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        action: 'playbook:run',
        playbook: { id: playbookId, name: 'restart-orders', namespace: 'default', title: 'Restart orders' },
        component: null,
      },
      { action: 'read', playbook: null, component: { id: component.id, name: 'orders-api', type: 'Service' } },
    ]);
  });
});
