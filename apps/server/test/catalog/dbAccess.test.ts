import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
const ids = {
  parent: '00000000-0000-4000-a000-000000000001',
  child: '00000000-0000-4000-a000-000000000002',
  peer: '00000000-0000-4000-a000-000000000003',
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.kysely;
  await db
    .insertInto('config_items')
    .values([
      { id: ids.parent, config_class: 'Cluster', type: 'Kubernetes::Cluster', name: 'prod', health: 'healthy' },
      {
        id: ids.child,
        config_class: 'Node',
        type: 'Kubernetes::Node',
        name: 'node-1',
        health: 'unhealthy',
        status: 'NotReady',
        parent_id: ids.parent,
        tags: JSON.stringify({ namespace: 'kube-system', cluster: 'prod' }),
        labels: JSON.stringify({ team: 'platform' }),
      },
      { id: ids.peer, config_class: 'Database', type: 'SQL::Database', name: 'orders' },
    ])
    .execute();
  await db
    .insertInto('config_relationships')
    .values({ config_id: ids.child, related_id: ids.peer, relation: 'uses' })
    .execute();
  await db
    .insertInto('config_analysis')
    .values({ config_id: ids.child, analyzer: 'disk-pressure', analysis_type: 'availability', severity: 'high' })
    .execute();
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

describe('catalog tables under /api/db', () => {
  it('lets a viewer read the catalog list with change and insight counts', async () => {
    const res = await server.fetch('/api/db/configs?select=name,type,namespace,changes,analysis&order=name', {
      as: 'viewer',
    });
    expect(res.status).toBe(200);
    const rows = await res.json();
    // node-1 started out unhealthy: the database recorded that as an Unhealthy change
    expect(rows).toEqual([
      { name: 'node-1', type: 'Kubernetes::Node', namespace: 'kube-system', changes: 1, analysis: { availability: 1 } },
      { name: 'orders', type: 'SQL::Database', namespace: null, changes: 0, analysis: null },
      { name: 'prod', type: 'Kubernetes::Cluster', namespace: null, changes: 0, analysis: null },
    ]);
  });

  it('serves the filter views and the changes page to every reading role', async () => {
    for (const role of ['viewer', 'guest', 'responder', 'commander', 'editor'] as const) {
      const types = await server.fetch('/api/db/config_types?order=type', { as: role });
      expect(types.status, role).toBe(200);
    }
    const statuses = await (await server.fetch('/api/db/config_statuses', { as: 'viewer' })).json();
    expect(statuses).toEqual([{ status: 'NotReady' }]);
    const tags = await (await server.fetch('/api/db/config_tags?order=key', { as: 'viewer' })).json();
    expect(tags).toEqual([
      { key: 'cluster', value: 'prod' },
      { key: 'namespace', value: 'kube-system' },
    ]);
    const changes = await (
      await server.fetch('/api/db/catalog_changes?select=name,change_type,severity', { as: 'viewer' })
    ).json();
    expect(changes).toEqual([{ name: 'node-1', change_type: 'Unhealthy', severity: 'medium' }]);
  });

  it('answers related_configs_recursive for a viewer, in both directions', async () => {
    const res = await server.fetch(
      `/api/db/rpc/related_configs_recursive?config_id=${ids.parent}&type_filter=outgoing&max_depth=10`,
      { as: 'viewer' },
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Array<{ name: string; depth: number; related_ids: string[] }>;
    expect(rows.map((r) => [r.name, r.depth])).toEqual([
      ['node-1', 1],
      ['orders', 2],
    ]);
    expect(rows[1]?.related_ids).toEqual([ids.child]);
    const hard = await (
      await server.fetch(
        `/api/db/rpc/related_configs_recursive?config_id=${ids.parent}&type_filter=outgoing&outgoing_relation=hard`,
        { as: 'viewer' },
      )
    ).json();
    expect(hard.map((r: { name: string }) => r.name)).toEqual(['node-1']);
    const incoming = await (
      await server.fetch(`/api/db/rpc/related_configs_recursive?config_id=${ids.peer}&type_filter=incoming`, {
        as: 'viewer',
      })
    ).json();
    expect(incoming.map((r: { name: string }) => r.name)).toEqual(['node-1', 'prod']);
  });

  it('refuses a direction it does not know with 400', async () => {
    const res = await server.fetch(`/api/db/rpc/related_configs_recursive?config_id=${ids.parent}&type_filter=up`, {
      as: 'viewer',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/type_filter must be outgoing, incoming or all/);
  });

  it('refuses every write of a viewer', async () => {
    const scraper = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      as: 'viewer',
      ...json({ name: 'files', spec: { file: [{ type: 'File', paths: ['/tmp/*.json'] }] } }),
    });
    expect(scraper.status).toBe(403);
    const link = await server.fetch('/api/db/config_component_relationships', {
      method: 'POST',
      as: 'viewer',
      ...json({ component_id: ids.peer, config_id: ids.peer, selector_id: 'manual' }),
    });
    expect(link.status).toBe(403);
    const patch = await server.fetch(`/api/db/config_items?id=eq.${ids.peer}`, {
      method: 'PATCH',
      as: 'viewer',
      ...json({ name: 'hacked' }),
    });
    expect(patch.status).toBe(403);
  });

  it('lets an editor link a component but never write items or changes directly', async () => {
    const link = await server.fetch('/api/db/config_component_relationships', {
      method: 'POST',
      as: 'editor',
      ...json({ component_id: '00000000-0000-4000-b000-000000000009', config_id: ids.peer, selector_id: 'manual' }),
    });
    expect(link.status).toBe(201);
    for (const table of ['config_items', 'config_changes', 'config_analysis', 'config_relationships']) {
      const res = await server.fetch(`/api/db/${table}?config_id=eq.${ids.peer}`, {
        method: 'DELETE',
        as: 'editor',
      });
      expect(res.status, table).toBeGreaterThanOrEqual(400);
      expect(res.status, table).toBeLessThan(500);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from config_items`.execute(server.db.kysely);
    expect(rows[0]?.n).toBe(3);
  });

  it('validates a scraper saved by an editor as a ScrapeConfig, naming the path', async () => {
    const bad = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      as: 'editor',
      ...json({ name: 'cluster', spec: { aws: [{ region: ['eu-west-1'] }] } }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('spec.aws: scraper type aws is not supported yet');
    const good = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      as: 'editor',
      ...json({ name: 'files', spec: { schedule: '@every 5m', file: [{ type: 'File', paths: ['/srv/*.json'] }] } }),
    });
    expect(good.status).toBe(201);
    const [row] = await good.json();
    expect(row).toMatchObject({ name: 'files', source: 'UI', namespace: 'default' });
    const patch = await server.fetch(`/api/db/config_scrapers?id=eq.${row.id}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ spec: { file: [{ type: 'File', paths: [] }] } }),
    });
    expect(patch.status).toBe(400);
    expect((await patch.json()).message).toContain('spec.file[0].paths: paths is required');
  });

  it('refuses a scraper whose transform.javascript does not parse, naming the path', async () => {
    const spec = (javascript: string) => ({
      file: [{ type: 'File', paths: ['/srv/*.json'], transform: { javascript } }],
    });
    const bad = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      as: 'editor',
      ...json({ name: 'js-bad', spec: spec('JSON.stringify([config]') }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/spec\.file\[0\]\.transform\.javascript: .*syntax error/);
    const good = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      as: 'editor',
      ...json({ name: 'js-good', spec: spec('JSON.stringify([config])') }),
    });
    expect(good.status).toBe(201);
  });
});
