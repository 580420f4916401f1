import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The catalog API (issue 12 item 7 and 8) through HTTP: summary, changes, /api/config reads and
// manual links, resource search, and the changes before a check failed.

let server: TestServer;
const id = {
  cluster: '00000000-0000-4000-a000-000000000011',
  node: '00000000-0000-4000-a000-000000000012',
  pod: '00000000-0000-4000-a000-000000000013',
  db: '00000000-0000-4000-a000-000000000014',
  gone: '00000000-0000-4000-a000-000000000015',
  canary: '00000000-0000-4000-a000-000000000021',
  check: '00000000-0000-4000-a000-000000000022',
  component: '00000000-0000-4000-a000-000000000031',
};
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.kysely;
  const tags = (t: Record<string, string>) => JSON.stringify(t);
  await db
    .insertInto('config_items')
    .values([
      {
        id: id.cluster,
        config_class: 'Cluster',
        type: 'Kubernetes::Cluster',
        name: 'prod',
        health: 'healthy',
        tags: tags({ env: 'prod' }),
      },
      {
        id: id.node,
        config_class: 'Node',
        type: 'Kubernetes::Node',
        name: 'node-1',
        health: 'healthy',
        parent_id: id.cluster,
        tags: tags({ env: 'prod' }),
        labels: tags({ team: 'platform' }),
      },
      {
        id: id.pod,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'api-7d9',
        health: 'warning',
        parent_id: id.node,
        tags: tags({ env: 'prod', namespace: 'shop' }),
      },
      {
        id: id.db,
        config_class: 'Database',
        type: 'SQL::Database',
        name: 'orders',
        health: 'healthy',
        tags: tags({ env: 'dev' }),
      },
      {
        id: id.gone,
        config_class: 'Pod',
        type: 'Kubernetes::Pod',
        name: 'old-pod',
        health: 'healthy',
        deleted_at: ago(60),
      },
    ])
    .execute();
  await db
    .insertInto('config_relationships')
    .values({ config_id: id.pod, related_id: id.db, relation: 'uses' })
    .execute();
  // the pod started out warning: the database recorded a Warning change; these are the others
  await db
    .insertInto('config_changes')
    .values([
      {
        config_id: id.cluster,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'spec.version',
        created_at: ago(30),
        external_created_by: 'alice',
      },
      {
        config_id: id.node,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'status.capacity',
        created_at: ago(20),
      },
      {
        config_id: id.pod,
        change_type: 'Deployed',
        source: 'kubernetes',
        severity: 'low',
        summary: 'image api:2',
        created_at: ago(10),
        external_created_by: 'bob',
      },
      {
        config_id: id.db,
        change_type: 'diff',
        source: 'diff',
        severity: 'high',
        summary: 'max_connections',
        created_at: ago(15),
      },
      {
        config_id: id.db,
        change_type: 'diff',
        source: 'diff',
        severity: 'info',
        summary: 'old change',
        created_at: ago(5 * 24 * 60),
      },
      { config_id: id.gone, change_type: 'diff', source: 'diff', summary: 'of a deleted pod', created_at: ago(70) },
    ])
    .execute();
  await db
    .insertInto('config_analysis')
    .values({ config_id: id.pod, analyzer: 'no-limits', analysis_type: 'reliability', severity: 'medium' })
    .execute();
  await sql`insert into canaries (id, name, spec) values (${id.canary}, 'shop', '{}'::jsonb)`.execute(db);
  await sql`insert into checks (id, canary_id, type, name, status, last_transition_time)
    values (${id.check}, ${id.canary}, 'http', 'shop-api', 'unhealthy', ${ago(12)})`.execute(db);
  await sql`insert into check_config_relationships (check_id, config_id) values (${id.check}, ${id.pod})`.execute(db);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, as: Role | null = 'viewer') =>
  server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });

async function changes(body: Record<string, unknown>) {
  const res = await post('/api/catalog/changes', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as {
    total: number;
    summary: Record<string, number>;
    changes: Array<Record<string, unknown>>;
  };
}
const summaries = (r: { changes: Array<Record<string, unknown>> }) => r.changes.map((c) => c.summary);

describe('POST /api/catalog/summary', () => {
  it('groups live items by class and type with health, change and insight counts', async () => {
    const res = await post('/api/catalog/summary', { groupBy: ['config_class', 'type'], changes: { since: '30d' } });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Array<Record<string, unknown>>;
    expect(rows.map((r) => `${r.config_class}/${r.type}`)).toEqual([
      'Cluster/Kubernetes::Cluster',
      'Database/SQL::Database',
      'Node/Kubernetes::Node',
      'Pod/Kubernetes::Pod',
    ]);
    const pod = rows.find((r) => r.type === 'Kubernetes::Pod');
    // the deleted pod is left out; the live one counts its Warning and Deployed changes
    expect(pod).toMatchObject({ count: 1, health: { warning: 1 }, changes: 2, analysis: { reliability: 1 } });
    const database = rows.find((r) => r.type === 'SQL::Database');
    expect(database).toMatchObject({ count: 1, health: { healthy: 1 }, changes: 2 });
  });

  it('filters by health, tags and deleted items, and groups by a tag key', async () => {
    const res = await post('/api/catalog/summary', { health: '!warning', tags: ['env=prod'] });
    expect(res.status, await res.clone().text()).toBe(200);
    const healthy = (await res.json()) as Array<Record<string, unknown>>;
    expect(healthy.map((r) => r.type)).toEqual(['Kubernetes::Cluster', 'Kubernetes::Node']);
    const withDeleted = (await (
      await post('/api/catalog/summary', { type: 'Kubernetes::Pod', deleted: true })
    ).json()) as Array<Record<string, unknown>>;
    expect(withDeleted[0]).toMatchObject({ count: 2 });
    const byEnv = (await (await post('/api/catalog/summary', { groupBy: ['env'] })).json()) as Array<
      Record<string, unknown>
    >;
    expect(byEnv.map((r) => [r.env, r.count])).toEqual([
      ['dev', 1],
      ['prod', 3],
    ]);
  });

  it('answers 400 for bad input and 401 without a subject', async () => {
    expect((await post('/api/catalog/summary', { cost: '2w' })).status).toBe(400);
    expect((await post('/api/catalog/summary', { groupBy: ['type; drop table x'] })).status).toBe(400);
    expect((await post('/api/catalog/summary', { changes: { since: 'soon' } })).status).toBe(400);
    expect((await post('/api/catalog/summary', { groupBy: 'type' })).status).toBe(400);
    expect((await post('/api/catalog/summary', {}, null)).status).toBe(401);
  });
});

describe('POST /api/catalog/changes', () => {
  it('lists the last two days of changes of live items, newest first, with counts per type', async () => {
    const all = await changes({});
    // the pod's Warning change is stamped with its insertion (now)
    expect(summaries(all)).toEqual([null, 'image api:2', 'max_connections', 'status.capacity', 'spec.version']);
    expect(all.total).toBe(5);
    expect(all.summary).toEqual({ diff: 3, Deployed: 1, Warning: 1 });
    expect(all.changes[1]).toMatchObject({ name: 'api-7d9', type: 'Kubernetes::Pod', external_created_by: 'bob' });
    const everything = await changes({ from: '', include_deleted_configs: true });
    expect(everything.total).toBe(7);
  });

  it('walks relationships: downstream follows parent-child edges, soft adds the others', async () => {
    const down = await changes({ id: id.cluster, recursive: 'downstream', depth: 5, type: 'diff,Deployed' });
    expect(summaries(down)).toEqual(['image api:2', 'status.capacity', 'spec.version']);
    const soft = await changes({ id: id.cluster, recursive: 'downstream', soft: true, type: '!Warning' });
    expect(summaries(soft)).toEqual(['image api:2', 'max_connections', 'status.capacity', 'spec.version']);
    const shallow = await changes({ id: id.cluster, recursive: 'downstream', depth: 1, type: '!Warning' });
    expect(summaries(shallow)).toEqual(['status.capacity', 'spec.version']);
    const up = await changes({ id: id.pod, recursive: 'upstream', type: '!Warning' });
    expect(summaries(up)).toEqual(['image api:2', 'status.capacity', 'spec.version']);
    const none = await changes({ id: id.pod, recursive: 'none', type: '!Warning' });
    expect(summaries(none)).toEqual(['image api:2']);
  });

  it('filters, sorts and pages', async () => {
    expect(summaries(await changes({ config_type: 'Kubernetes::Cluster,SQL::Database', severity: 'high' }))).toEqual([
      'max_connections',
    ]);
    expect(summaries(await changes({ config_type: '!Kubernetes__Pod', type: 'diff' }))).toEqual([
      'max_connections',
      'status.capacity',
      'spec.version',
    ]);
    expect(summaries(await changes({ created_by: 'alice' }))).toEqual(['spec.version']);
    expect(summaries(await changes({ summary: 'CAPACITY' }))).toEqual(['status.capacity']);
    expect(summaries(await changes({ tags: 'env in (dev),x notin (y)' }))).toEqual(['max_connections']);
    expect(summaries(await changes({ source: 'kubernetes', from: 'now-1h', to: 'now' }))).toEqual(['image api:2']);
    const page = await changes({ type: 'diff', sort_by: 'created_at', page: 2, page_size: 2 });
    expect(page.total).toBe(3);
    expect(summaries(page)).toEqual(['max_connections']);
    expect(summaries(await changes({ type: 'diff', sort_by: '-name' }))).toEqual([
      'spec.version',
      'max_connections',
      'status.capacity',
    ]);
    // lenient: a sort it does not know falls back to the default instead of 400
    expect((await changes({ type: 'diff', sort_by: 'nope', lenient: true })).total).toBe(3);
  });

  it('reads the same parameters from a GET query', async () => {
    const res = await server.fetch(`/api/catalog/changes?id=${id.pod}&recursive=none&page_size=1`, { as: 'guest' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBe(2);
  });

  it('answers 400 for bad input, never 500', async () => {
    for (const body of [
      { id: 'nope' },
      { id: Array.from({ length: 51 }, () => id.pod).join(',') },
      { recursive: 'sideways' },
      { depth: 11 },
      { page_size: 0 },
      { from: 'yesterday' },
      { to: 'now-3x' },
      { sort_by: 'id; drop table config_changes' },
      { tags: 'env in (a' },
      { include_deleted_configs: 'maybe' },
    ]) {
      const res = await post('/api/catalog/changes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });
});

describe('/api/config', () => {
  it('serves the catalog reads to every reading role and nothing outside the catalog', async () => {
    for (const role of ['viewer', 'guest', 'responder', 'commander', 'editor', 'admin'] as const) {
      const res = await server.fetch('/api/config/configs?select=name&deleted_at=is.null&order=name', { as: role });
      expect(res.status, role).toBe(200);
    }
    const detail = await server.fetch(`/api/config/config_detail?id=eq.${id.pod}&select=name,summary`, {
      as: 'viewer',
    });
    expect(await detail.json()).toEqual([
      { name: 'api-7d9', summary: { relationships: 2, analysis: 1, changes: 2, playbook_runs: 0, checks: 1 } },
    ]);
    const related = await server.fetch(
      `/api/config/rpc/related_configs_recursive?config_id=${id.pod}&type_filter=all&select=name,direction`,
      { as: 'viewer' },
    );
    expect(related.status).toBe(200);
    expect((await server.fetch('/api/config/people', { as: 'admin' })).status).toBe(404);
    expect((await server.fetch('/api/config/rpc/nope', { as: 'admin' })).status).toBe(404);
  });

  it('counts the playbook runs against an item in its detail summary', async () => {
    const db = server.db.kysely;
    const { rows } = await sql<{ id: string }>`
      insert into playbooks (name, spec) values ('restart-db', '{"actions":[]}'::jsonb) returning id`.execute(db);
    const playbookId = rows[0]?.id;
    await sql`insert into playbook_runs (playbook_id, spec, status, config_id)
      values (${playbookId}, '{}'::jsonb, 'completed', ${id.db}), (${playbookId}, '{}'::jsonb, 'failed', ${id.db})`.execute(
      db,
    );
    const detail = await server.fetch(`/api/config/config_detail?id=eq.${id.db}&select=summary`, { as: 'viewer' });
    expect((await detail.json())[0].summary.playbook_runs).toBe(2);
  });

  it('links a component to a config item manually; editors may, viewers may not', async () => {
    const link = { component_id: id.component, config_id: id.db };
    const denied = await server.fetch('/api/config/config_component_relationships', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(link),
      as: 'viewer',
    });
    expect(denied.status).toBe(403);
    const created = await server.fetch('/api/config/config_component_relationships', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(link),
      as: 'editor',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject([{ ...link, selector_id: 'manual' }]);
    const byComponent = await server.fetch(
      `/api/config/changes_by_component?component_id=eq.${id.component}&select=summary&order=created_at.desc`,
      { as: 'viewer' },
    );
    expect(await byComponent.json()).toEqual([{ summary: 'max_connections' }, { summary: 'old change' }]);
    const bad = await server.fetch('/api/config/config_component_relationships', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ component_id: 'x', config_id: id.db }),
      as: 'editor',
    });
    expect(bad.status).toBe(400);
    const query = `component_id=eq.${id.component}&config_id=eq.${id.db}`;
    expect(
      (await server.fetch(`/api/config/config_component_relationships?${query}`, { method: 'DELETE', as: 'responder' }))
        .status,
    ).toBe(403);
    expect(
      (await server.fetch(`/api/config/config_component_relationships?${query}`, { method: 'DELETE', as: 'editor' }))
        .status,
    ).toBe(204);
    const left = await server.fetch(`/api/config/config_component_relationships?component_id=eq.${id.component}`, {
      as: 'viewer',
    });
    expect(await left.json()).toEqual([]);
  });
  it('links a check to a config item: editors may, responders may not', async () => {
    const send = (as: Role, body: unknown) =>
      server.fetch('/api/config/check_config_relationships', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        as,
      });
    expect((await send('responder', { check_id: id.check, config_id: id.db })).status).toBe(403);
    expect((await send('editor', { check_id: id.check, config_id: id.db })).status).toBe(201);
    // linked twice: a conflict, not a server error
    expect((await send('editor', { check_id: id.check, config_id: id.db })).status).toBe(409);
    const links = await server.fetch(
      `/api/db/check_config_relationships?check_id=eq.${id.check}&select=selector_id,config:config_items(name)&order=config_id`,
      { as: 'viewer' },
    );
    expect(await links.json()).toEqual([
      { selector_id: null, config: { name: 'api-7d9' } },
      { selector_id: 'manual', config: { name: 'orders' } },
    ]);
    const query = `check_id=eq.${id.check}&config_id=eq.${id.db}`;
    expect(
      (await server.fetch(`/api/config/check_config_relationships?${query}`, { method: 'DELETE', as: 'editor' }))
        .status,
    ).toBe(204);
  });
});

describe('POST /api/resources/search', () => {
  it('finds configs and checks by name, type, tags and the search grammar', async () => {
    const res = await post('/api/resources/search', {
      configs: [{ name: 'api-*' }, { search: 'type=SQL::* tag.env=dev' }],
      checks: [{ name: 'shop-api' }],
      components: [{ name: '*' }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Array<Record<string, unknown>>>;
    expect(body.configs?.map((r) => r.name)).toEqual(['api-7d9', 'orders']);
    expect(body.configs?.[0]).toMatchObject({
      id: id.pod,
      type: 'Kubernetes::Pod',
      namespace: 'shop',
      health: 'warning',
    });
    expect(body.checks).toEqual([
      expect.objectContaining({ id: id.check, name: 'shop-api', status: 'unhealthy', type: 'http' }),
    ]);
    // no components table in this database: none found, not an error
    expect(body.components).toEqual([]);
    const deleted = (await (
      await post('/api/resources/search', { configs: [{ name: 'old-pod', includeDeleted: true }] })
    ).json()) as Record<string, unknown[]>;
    expect(deleted.configs).toHaveLength(1);
  });

  it('answers 400 for bad selectors', async () => {
    expect((await post('/api/resources/search', { configs: [{ id: 'x' }] })).status).toBe(400);
    expect((await post('/api/resources/search', { configs: [{ search: 'owner=me' }] })).status).toBe(400);
    expect((await post('/api/resources/search', { configs: [{ tagSelector: 'a in (' }] })).status).toBe(400);
    expect((await post('/api/resources/search', { configs: 'x' })).status).toBe(400);
    expect((await post('/api/resources/search', {}, null)).status).toBe(401);
  });
});

describe('GET /api/catalog/checks/:id/changes', () => {
  it("lists the changes of the check's config items before it failed, newest first", async () => {
    const res = await server.fetch(`/api/catalog/checks/${id.check}/changes?window=1h`, { as: 'viewer' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { failed_at: string; changes: Array<Record<string, unknown>> };
    expect(body.failed_at).toBe(ago(12));
    // the pod's Deployed change came after the failure; the related database and node changed before
    expect(body.changes.map((c) => [c.name, c.summary, c.linked])).toEqual([
      ['orders', 'max_connections', false],
      ['node-1', 'status.capacity', false],
    ]);
    const direct = (await (
      await server.fetch(`/api/catalog/checks/${id.check}/changes?window=1h&depth=0&before=${ago(0)}`, { as: 'viewer' })
    ).json()) as { changes: Array<Record<string, unknown>> };
    expect(direct.changes.map((c) => [c.summary, c.linked])).toEqual([['image api:2', true]]);
  });

  it('answers 400 for bad input and 404 for an unknown check', async () => {
    expect(
      (await server.fetch(`/api/catalog/checks/${id.check}/changes?window=forever`, { as: 'viewer' })).status,
    ).toBe(400);
    expect((await server.fetch(`/api/catalog/checks/${id.check}/changes?window=60d`, { as: 'viewer' })).status).toBe(
      400,
    );
    expect((await server.fetch(`/api/catalog/checks/${id.check}/changes?before=later`, { as: 'viewer' })).status).toBe(
      400,
    );
    expect((await server.fetch('/api/catalog/checks/nope/changes', { as: 'viewer' })).status).toBe(400);
    expect((await server.fetch(`/api/catalog/checks/${id.db}/changes`, { as: 'viewer' })).status).toBe(404);
  });
});
