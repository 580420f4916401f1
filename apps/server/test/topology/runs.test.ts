import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSqlPools } from '../../src/integrations/sql/query.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';
import { child, json, type Node, topologyApi } from './helpers.js';

/**
 * Topology runs through HTTP: saved through /api/db, run with Run Now, read back from
 * /api/canary/api/topology. Lookups talk to real peers: bash (exec), a local HTTP server, the
 * machine's PostgreSQL (sql). Also validation, access and the sample topology.
 */

let server: TestServer;
let http: Server;
let httpUrl = '';
let services = [{ name: 'billing', type: 'service' }];
let api: ReturnType<typeof topologyApi>;
const save = (name: string, spec: unknown) => api.save(name, spec);
const runNow = (id: string) => api.runNow(id);
const tree = (query = '') => api.tree(query);

beforeAll(async () => {
  server = await startTestServer();
  api = topologyApi(server);
  http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(services));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/services`;
});
afterAll(async () => {
  await server?.close();
  http?.close();
  await closeSqlPools();
});

describe('Topology runs', () => {
  let rootId = '';
  let topologyId = '';

  it('builds components from exec (JSON), http and sql lookups, with forEach children', async () => {
    topologyId = await save('shop', {
      schedule: '@every 1h',
      icon: 'shop',
      components: [
        {
          name: 'hosts',
          type: 'group',
          components: [
            {
              name: 'from-exec',
              lookup: {
                exec: [
                  {
                    name: 'hosts',
                    script: `echo '[{"name":"web-1","type":"host","status":"healthy"},{"name":"web-2","type":"host","status":"unhealthy","status_reason":"disk full"}]'`,
                  },
                ],
              },
              forEach: { components: [{ name: 'nginx on $(.component.name)', type: 'process', status: 'healthy' }] },
            },
          ],
        },
        {
          name: 'services',
          type: 'group',
          components: [{ name: 'from-http', lookup: { http: [{ name: 'svc', url: httpUrl }] } }],
        },
        {
          name: 'databases',
          type: 'group',
          components: [
            {
              name: 'from-sql',
              lookup: {
                postgres: [
                  {
                    name: 'dbs',
                    url: 'postgres://postgres@127.0.0.1:5432/test',
                    query: "select 'orders-db' as name, 'database' as type, 'healthy' as status",
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const run = await runNow(topologyId);
    expect(run.errors).toEqual([]);
    const { components } = await tree();
    const root = components.find((c) => c.name === 'shop') as Node;
    rootId = root.id;
    const hosts = child(root, 'hosts');
    expect(hosts?.components?.map((c) => c.name).sort()).toEqual(['web-1', 'web-2']);
    expect(child(child(hosts, 'web-1'), 'nginx on web-1')).toBeDefined();
    expect(child(child(root, 'services'), 'billing')).toBeDefined();
    expect(child(child(root, 'databases'), 'orders-db')).toBeDefined();
    // web-2 is unhealthy: hosts has a healthy and an unhealthy child -> warning; its health is the worst
    expect(child(hosts, 'web-2')).toMatchObject({ status: 'unhealthy', health: 'unhealthy' });
    expect(hosts).toMatchObject({ status: 'warning', health: 'unhealthy' });
    expect(root.health).toBe('unhealthy');
  });

  it('records each run in job_history', async () => {
    const res = await server.fetch(
      `/api/db/job_histories?resource_id=eq.${topologyId}&select=name,status,resource_name`,
    );
    const rows = (await res.json()) as Array<{ name: string; status: string; resource_name: string }>;
    expect(rows[0]).toMatchObject({ name: 'TopologyRun', status: 'SUCCESS', resource_name: 'shop' });
  });

  it('soft-deletes what a clean run no longer produces, and nothing when a lookup fails', async () => {
    services = [{ name: 'payments', type: 'service' }];
    await runNow(topologyId);
    let svc = child((await tree(`?id=${rootId}`)).components[0], 'services');
    expect(svc?.components?.map((c) => c.name)).toEqual(['payments']);
    // the http peer now answers a broken page: the lookup fails, payments stays
    const spec = (await (await server.fetch(`/api/db/topologies?id=eq.${topologyId}&select=spec`)).json())[0].spec;
    spec.components[1].components[0].lookup.http[0].url = 'http://127.0.0.1:1/nothing';
    const res = await server.fetch(`/api/db/topologies?id=eq.${topologyId}`, { method: 'PATCH', ...json({ spec }) });
    expect(res.status).toBe(200);
    const failed = await runNow(topologyId);
    expect(failed.errors.join()).toMatch(/svc/);
    expect(failed.deleted).toBe(0);
    svc = child((await tree(`?id=${rootId}`)).components[0], 'services');
    expect(svc?.components?.map((c) => c.name)).toEqual(['payments']);
    const jobs = await (
      await server.fetch(`/api/db/job_history?resource_id=eq.${topologyId}&order=time_start.desc&limit=1`)
    ).json();
    expect(jobs[0].status).toBe('WARNING');
  });

  it('filters cards by labels, status and type and refuses bad labels', async () => {
    await save('labelled', { components: [{ name: 'a', type: 'thing', labels: { env: 'prod' }, status: 'healthy' }] });
    const res = await server.fetch('/api/db/topologies?name=eq.labelled&select=id');
    await runNow((await res.json())[0].id);
    const all = await tree('?depth=1');
    expect(all.components.map((c) => c.name)).toEqual(expect.arrayContaining(['labelled', 'shop']));
    const prod = await tree('?labels=env=prod');
    expect(prod.components.map((c) => c.name)).toEqual([]); // labels are on the child, not the root card
    const bad = await server.fetch('/api/canary/api/topology?labels=oops');
    expect(bad.status).toBe(400);
    const underShop = await tree(`?id=${rootId}&status=warning`);
    expect(underShop.components[0]?.components?.map((c) => c.name)).toEqual(['hosts']);
  });
});

describe('Validation and access', () => {
  it('refuses a bad topology with the path of each problem', async () => {
    const res = await server.fetch('/api/db/topologies', {
      method: 'POST',
      ...json({
        name: 'broken',
        spec: {
          schedule: '@every soon',
          components: [{ name: 'x', colour: 'red', lookup: { http: [{ name: 'h' }] }, statusExpr: 'summary.' }],
        },
      }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toMatch(/spec\.schedule/);
    expect(body.message).toMatch(/spec\.components\[0\]\.colour: unknown field/);
  });

  it('names lookup and expression problems by path', async () => {
    const res = await server.fetch('/api/db/topologies', {
      method: 'POST',
      ...json({
        name: 'broken2',
        spec: { components: [{ name: 'x', lookup: { http: [{ name: 'h' }] }, statusExpr: 'summary.' }] },
      }),
    });
    expect(res.status).toBe(400);
    const { message } = await res.json();
    expect(message).toMatch(/spec\.components\[0\]\.lookup\.http\[0\]\.url/);
  });

  it('refuses a forEach template that does not compile, naming its path', async () => {
    const res = await server.fetch('/api/db/topologies', {
      method: 'POST',
      ...json({
        name: 'bad-template',
        spec: {
          components: [
            {
              name: 'list',
              lookup: { exec: [{ name: 'one', script: 'echo []' }] },
              forEach: { components: [{ name: '{{ nosuch .component.name }}' }] },
            },
          ],
        },
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(
      /spec\.components\[0\]\.forEach\.components\[0\]\.name: .*function "nosuch" not defined/,
    );
  });

  it('lets viewers read but not run, and refuses exec lookups from editors', async () => {
    const [t] = await (await server.fetch('/api/db/topologies?name=eq.shop&select=id')).json();
    expect((await server.fetch('/api/canary/api/topology', { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch(`/api/canary/run/topology/${t.id}`, { method: 'POST', as: 'viewer' })).status).toBe(403);
    const res = await server.fetch('/api/db/topologies', {
      method: 'POST',
      as: 'editor',
      ...json({
        name: 'by-editor',
        spec: { components: [{ name: 'e', lookup: { exec: [{ name: 'x', script: 'id' }] } }] },
      }),
    });
    expect(res.status).toBe(403);
  });

  it('deletes a topology softly, its components with it', async () => {
    const id = await save('short-lived', { components: [{ name: 'gone-soon' }] });
    await runNow(id);
    expect((await tree()).components.map((c) => c.name)).toContain('short-lived');
    const res = await server.fetch(`/api/db/topologies?id=eq.${id}`, { method: 'DELETE' });
    expect(res.status).toBeLessThan(300);
    expect((await tree()).components.map((c) => c.name)).not.toContain('short-lived');
    const [row] = await (await server.fetch(`/api/db/topologies?id=eq.${id}&select=deleted_at`)).json();
    expect(row.deleted_at).not.toBeNull();
    const left = await (await server.fetch(`/api/db/components?topology_id=eq.${id}&deleted_at=is.null`)).json();
    expect(left).toEqual([]);
  });

  it('lets a component be hidden and nothing else be written', async () => {
    const root = (await tree()).components.find((c) => c.name === 'labelled') as Node;
    const ok = await server.fetch(`/api/db/components?id=eq.${root.id}`, {
      method: 'PATCH',
      ...json({ hidden: true }),
    });
    expect(ok.status).toBe(200);
    expect((await tree('?hidden=false')).components.map((c) => c.name)).not.toContain('labelled');
    const bad = await server.fetch(`/api/db/components?id=eq.${root.id}`, {
      method: 'PATCH',
      ...json({ status: 'healthy' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('Sample data', () => {
  it('builds the sample topology over OpsDeck itself: its API with the sample checks and its database', async () => {
    const { createSampleCanary } = await import('../../src/health/sample.js');
    const { createSampleTopology } = await import('../../src/topology/sample.js');
    const port = Number(new URL(server.url).port);
    await createSampleCanary(server.ctx, port);
    const id = await createSampleTopology(server.ctx, port);
    const checks = await (await server.fetch('/api/db/checks?name=in.(opsdeck-health,opsdeck-port)&select=id')).json();
    await writeCheckResults(
      server.db,
      checks.map((c: { id: string }) => ({ checkId: c.id, time: new Date(), pass: true, duration: 2 })),
    );
    const run = await runNow(id);
    expect(run.errors).toEqual([]);
    const root = (await tree()).components.find((c) => c.name === 'opsdeck') as Node;
    expect(child(root, 'API')?.summary).toMatchObject({ checks: { healthy: 2 } });
    const database = child(root, 'Database');
    expect(database).toMatchObject({ health: 'healthy', status: 'healthy' });
    expect(database?.properties).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'engine', text: server.db.kind })]),
    );
  });
});
