import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueTopologies, startTopologyWorker } from '../../src/topology/worker.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';
import { child, json, type Node, topologyApi } from './helpers.js';

/**
 * Links and roll-up through HTTP: checks, components and config items selected by a topology's
 * components, health following a check transition through the roll-up watcher, inline checks,
 * property lookups, the snapshot zip, masked secrets and the scheduler's claim.
 */

let server: TestServer;
let api: ReturnType<typeof topologyApi>;
const save = (name: string, spec: unknown) => api.save(name, spec);
const runNow = (id: string) => api.runNow(id);
const tree = (query = '') => api.tree(query);

beforeAll(async () => {
  server = await startTestServer();
  api = topologyApi(server);
  // a database component in another topology, for the selector below
  await runNow(await save('stores', { components: [{ name: 'orders-db', type: 'database', status: 'healthy' }] }));
});
afterAll(async () => {
  await server?.close();
});

describe('Linking and roll-up', () => {
  it('links checks by selector, makes selected components children, and follows a check transition', async () => {
    const canary = await server.fetch('/api/db/canaries', {
      method: 'POST',
      ...json({
        name: 'api-checks',
        spec: { schedule: '@every 1h', tcp: [{ name: 'api-port', endpoint: '127.0.0.1:1', labels: { app: 'api' } }] },
      }),
    });
    expect(canary.status).toBe(201);
    const [check] = await (await server.fetch('/api/db/checks?name=eq.api-port&select=id')).json();
    const id = await save('platform', {
      components: [
        { name: 'api', type: 'service', checks: [{ selector: { labelSelector: 'app=api' } }] },
        { name: 'dashboards', type: 'group', selectors: [{ types: ['database'] }] },
      ],
      statusExpr: "summary.unhealthy > 0 ? 'unhealthy' : 'healthy'",
    });
    await writeCheckResults(server.db, [{ checkId: check.id, time: new Date(), pass: true, duration: 3 }]);
    await runNow(id);
    const root = (await tree('?depth=3')).components.find((c) => c.name === 'platform') as Node;
    const api = child(root, 'api');
    expect(api).toMatchObject({ health: 'healthy', status: 'healthy' });
    expect(child(child(root, 'dashboards'), 'orders-db')).toBeDefined(); // selected from the stores topology
    expect(root.status).toBe('healthy'); // statusExpr

    // the check fails: the worker's watcher rolls the component and its parent up
    const worker = startTopologyWorker(server.ctx, undefined, { timers: false });
    await worker.tick(); // first look sets the watermark
    await new Promise((r) => setTimeout(r, 20));
    await writeCheckResults(server.db, [{ checkId: check.id, time: new Date(), pass: false, duration: 3 }]);
    const started = Date.now();
    await worker.tick();
    expect(Date.now() - started).toBeLessThan(5000);
    const after = (await tree(`?id=${root.id}`)).components[0] as Node;
    expect(child(after, 'api')).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    expect(after).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    // a health transition queues component.unhealthy for notification and incident rules
    const events = await (
      await server.fetch(`/api/db/event_queue?name=eq.component.unhealthy&select=name,properties`)
    ).json();
    expect(events.map((e: { properties: { name: string } }) => e.properties.name)).toEqual(
      expect.arrayContaining(['api', 'platform']),
    );
    await worker.stop();
  });

  it('answers a snapshot zip with the tree, checks and a README', async () => {
    const root = (await tree()).components.find((c) => c.name === 'platform') as Node;
    const res = await server.fetch(`/api/snapshot/topology/${root.id}?start=1h&related=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/snapshot-.*\.zip/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'checks.json',
      'components.json',
      'config_changes.json',
      'configs.json',
      'incidents.json',
      'insights.json',
    ]);
    const comps = JSON.parse(strFromU8(files['components.json'] as Uint8Array));
    expect(comps[0].name).toBe('platform');
    const checks = JSON.parse(strFromU8(files['checks.json'] as Uint8Array));
    expect(checks[0]).toMatchObject({ name: 'api-port', status: 'unhealthy' });
    expect(checks[0].statuses.length).toBe(2);
    expect(strFromU8(files['README.md'] as Uint8Array)).toMatch(/# Snapshot of platform/);
  });
});

describe('Inline checks, config links and schedules', () => {
  it('turns inline checks into a canary linked to the component, and links config items by selector', async () => {
    const item = await server.db.kysely
      .insertInto('config_items')
      .values({
        config_class: 'Database',
        type: 'Postgres::Database',
        name: 'orders',
        tags: JSON.stringify({ env: 'prod' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await save('inline', {
      components: [
        {
          name: 'orders',
          type: 'database',
          checks: [{ inline: { schedule: '@every 1h', tcp: [{ name: 'orders-port', endpoint: '127.0.0.1:1' }] } }],
          configs: [{ types: ['Postgres::Database'], tagSelector: 'env=prod' }],
        },
      ],
    });
    await runNow(id);
    const root = (await tree()).components.find((c) => c.name === 'inline') as Node;
    const orders = child(root, 'orders') as Node;
    const checks = await (await server.fetch(`/api/db/checks_by_component?component_id=eq.${orders.id}`)).json();
    expect(checks.map((c: { name: string }) => c.name)).toEqual(['orders-port']);
    const [canary] = await (await server.fetch(`/api/db/canaries?id=eq.${checks[0].canary_id}&select=source`)).json();
    expect(canary.source).toBe(`component/${orders.id}`); // Settings shows it as defined by the component
    const links = await (
      await server.fetch(`/api/db/config_component_relationships?component_id=eq.${orders.id}`)
    ).json();
    expect(links.map((l: { config_id: string }) => l.config_id)).toEqual([item.id]);
  });

  it('resolves property lookups and configLookups', async () => {
    await server.db.kysely
      .insertInto('config_items')
      .values({
        config_class: 'Deployment',
        type: 'Kubernetes::Deployment',
        name: 'web',
        config: JSON.stringify({ spec: { replicas: 3 }, metadata: { name: 'web' } }),
      })
      .execute();
    const id = await save('props', {
      components: [
        {
          name: 'web',
          properties: [
            { name: 'version', lookup: { exec: [{ name: 'v', script: 'echo 2.7.1' }] }, headline: true },
            { name: 'latency', lookup: { exec: [{ name: 'l', script: 'echo 42' }] }, unit: 'ms' },
            {
              name: 'replicas',
              configLookup: { config: { name: 'web', type: 'Kubernetes::Deployment' }, field: 'spec.replicas' },
            },
            {
              name: 'summary',
              configLookup: {
                config: { name: 'web' },
                display: { template: '{{.config.metadata.name}} x{{.config.spec.replicas}}' },
              },
            },
            {
              name: 'scripted',
              configLookup: {
                config: { name: 'web' },
                display: { javascript: 'config.metadata.name.toUpperCase() + " has " + config.spec.replicas' },
              },
            },
          ],
        },
      ],
    });
    expect((await runNow(id)).errors).toEqual([]);
    const web = child(
      (await tree()).components.find((c) => c.name === 'props'),
      'web',
    ) as Node & {
      properties: Array<{ name: string; text?: string; value?: number }>;
    };
    const byName = Object.fromEntries(web.properties.map((p) => [p.name, p]));
    expect(byName.version).toMatchObject({ text: '2.7.1', headline: true });
    expect(byName.latency).toMatchObject({ value: 42, unit: 'ms' });
    expect(byName.replicas).toMatchObject({ value: 3 });
    expect(byName.summary).toMatchObject({ text: 'web x3' });
    expect(byName.scripted).toMatchObject({ text: 'WEB has 3' });
  });

  it('runs once per value of a groupBy tag, each run seeing only its own config items', async () => {
    for (const cluster of ['east', 'west']) {
      await server.db.kysely
        .insertInto('config_items')
        .values({
          config_class: 'Cluster',
          type: 'Kubernetes::Cluster',
          name: `k8s-${cluster}`,
          tags: JSON.stringify({ cluster }),
        })
        .execute();
    }
    const id = await save('clusters', {
      groupBy: { tag: 'cluster' },
      components: [{ name: 'cluster', type: 'cluster', configs: [{ types: ['Kubernetes::Cluster'] }] }],
    });
    expect((await runNow(id)).errors).toEqual([]);
    const roots = (await tree()).components.filter((c) => c.name.startsWith('clusters'));
    expect(roots.map((r) => r.name)).toEqual(['clusters (east)', 'clusters (west)']);
    const east = child(roots[0], 'cluster') as Node;
    const links = await (
      await server.fetch(
        `/api/db/config_component_relationships?component_id=eq.${east.id}&select=config:config_items(name)`,
      )
    ).json();
    expect(links).toEqual([{ config: { name: 'k8s-east' } }]);
  });

  it('never shows the credentials of an inline check: masked in /api/db, left out of the tree', async () => {
    const id = await save('with-secret', {
      components: [
        { name: 'guarded', checks: [{ inline: { http: [{ name: 'g', url: 'http://ops:hunter2@127.0.0.1:1/' }] } }] },
      ],
    });
    await runNow(id);
    const text = await (await server.fetch('/api/db/components?name=eq.guarded&select=component_checks')).text();
    expect(text).toContain('127.0.0.1');
    expect(text).not.toContain('hunter2');
    const treeText = await (await server.fetch('/api/canary/api/topology?depth=3')).text();
    expect(treeText).toContain('guarded');
    expect(treeText).not.toContain('hunter2');
    const spec = await (await server.fetch(`/api/db/topologies?id=eq.${id}&select=spec`)).text();
    expect(spec).not.toContain('hunter2');
  });

  it('runs a due topology in one process only: the claim moves next_runtime', async () => {
    const id = await save('due', { schedule: '@every 1h', components: [{ name: 'x' }] });
    const [a, b] = await Promise.all([runDueTopologies(server.ctx, 'one'), runDueTopologies(server.ctx, 'two')]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const jobs = await (await server.fetch(`/api/db/job_history?resource_id=eq.${id}`)).json();
    expect(jobs).toHaveLength(1);
    const [row] = await (await server.fetch(`/api/db/topologies?id=eq.${id}&select=next_runtime`)).json();
    expect(new Date(row.next_runtime).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});
