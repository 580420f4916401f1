import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { id, postAs, seedCatalogApi } from './apiSeed.js';

// The catalog API through HTTP: summary and changes (the catalog seeded in apiSeed.ts).

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
