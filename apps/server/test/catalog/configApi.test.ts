import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { ago, id, postAs, seedCatalogApi } from './apiSeed.js';

// The catalog API through HTTP: /api/config reads and manual links, resource search, and the
// changes before a check failed (the catalog seeded in apiSeed.ts).

let server: TestServer;
let post: ReturnType<typeof postAs>;

beforeAll(async () => {
  server = await startTestServer();
  await seedCatalogApi(server);
  post = postAs(server);
}, 180_000);
afterAll(async () => {
  await server?.close();
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
