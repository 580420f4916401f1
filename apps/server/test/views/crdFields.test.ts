import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { fetchRows, fetchView, saveView, startPrometheus } from './helpers.js';

/**
 * The View CRD fields Mission Control files use, end to end over HTTP: url and badge columns,
 * templated gauge bounds, heatmap panels, prometheus range queries, viewTableSelector, config
 * tabs (display.plugins), selector fieldSelector/scope and uiRef sections.
 */

let server: TestServer;
let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
let http: Server;
let httpUrl = '';

const SCRAPER = '8c2b7f52-2222-4a4a-9b9b-0000000000aa';
const ORDERS = '8c2b7f52-2222-4a4a-9b9b-000000000001';
const BILLING = '8c2b7f52-2222-4a4a-9b9b-000000000002';

const ROWS = [
  {
    name: 'web',
    docs: 'https://docs.example.com/web',
    console: 'https://console.example.com/web',
    script: 'javascript:alert(1)',
    phase: 'Running',
    used: 30,
    capacity: 60,
    day: '2026-11-02',
    deploys: 3,
  },
  {
    name: 'api',
    docs: 'https://docs.example.com/api',
    console: 'https://console.example.com/api',
    script: 'javascript:alert(2)',
    phase: 'Pending',
    used: 10,
    capacity: 40,
    day: '2026-11-04',
    deploys: 1,
  },
];

beforeAll(async () => {
  server = await startTestServer();
  prometheus = await startPrometheus();
  http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(ROWS));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  const db = server.db.kysely;
  await db
    .insertInto('config_scrapers' as never)
    .values({ id: SCRAPER, name: 'kube', namespace: 'infra', spec: '{}' } as never)
    .execute();
  await db
    .insertInto('config_items' as never)
    .values([
      {
        id: ORDERS,
        name: 'orders',
        type: 'Kubernetes::Namespace',
        config_class: 'Namespace',
        tags: '{"cluster":"prod"}',
        scraper_id: SCRAPER,
      },
      {
        id: BILLING,
        name: 'billing',
        type: 'Kubernetes::Namespace',
        config_class: 'Namespace',
        tags: '{"cluster":"dev"}',
      },
    ] as never)
    .execute();
  await db
    .insertInto('config_changes' as never)
    .values([
      { config_id: ORDERS, change_type: 'diff', summary: 'scaled up', severity: 'info' },
      { config_id: BILLING, change_type: 'BackupCompleted', summary: 'nightly', severity: 'high' },
    ] as never)
    .execute();
}, 180_000);

afterAll(async () => {
  await prometheus?.stop();
  await new Promise((r) => http?.close(r));
  await server?.close();
});

describe('View CRD fields', () => {
  it('url, badge and gauge columns: links only to http(s), a url column for another, gauge bounds per row', async () => {
    const id = await saveView(server, 'apps', {
      description: 'Applications and their links',
      queries: { apps: { http: { url: httpUrl } } },
      columns: [
        { name: 'name', type: 'string', primaryKey: true },
        { name: 'docs', type: 'url' },
        { name: 'console', type: 'url', for: 'name' },
        { name: 'script', type: 'url' },
        { name: 'phase', type: 'badge', badge: { color: { map: { Running: 'green' } } } },
        { name: 'used', type: 'gauge', gauge: { min: '0', max: '{{ .row.capacity }}' } },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    const { body: page } = await fetchRows(server, id, body.requestFingerprint, '&sort=name');
    expect(page.rows[1]).toEqual({
      name: 'web',
      docs: 'https://docs.example.com/web',
      console: 'https://console.example.com/web',
      script: 'javascript:alert(1)',
      phase: 'Running',
      used: 30,
      __attributes: {
        name: { url: 'https://console.example.com/web' },
        docs: { url: 'https://docs.example.com/web' },
        console: { url: 'https://console.example.com/web' },
        used: { min: 0, max: 60 },
      },
    });
    expect(page.rows[0].__attributes.used).toEqual({ min: 0, max: 40 });
  });

  it('heatmap and gauge panels: templated bounds become numbers over the first row', async () => {
    const id = await saveView(server, 'deploys', {
      queries: { apps: { http: { url: httpUrl } } },
      panels: [
        {
          name: 'Deploys',
          type: 'heatmap',
          query: 'select day as date, deploys as value from apps',
          heatmap: { mode: 'calendar' },
        },
        {
          name: 'Capacity',
          type: 'gauge',
          query: 'select sum(used) as value, sum(capacity) as total from apps',
          gauge: { max: '{{ .row.total }}', thresholds: [{ percent: 80, color: 'red' }] },
        },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    expect(body.panels[0]).toMatchObject({
      type: 'heatmap',
      heatmap: { mode: 'calendar' },
      rows: [
        { date: '2026-11-02', value: 3 },
        { date: '2026-11-04', value: 1 },
      ],
    });
    expect(body.panels[1].gauge).toEqual({ max: 100, thresholds: [{ percent: 80, color: 'red' }] });
  }, 120_000);

  it('prometheus range: every point of the range as a row; a range with no data has none', async () => {
    const id = await saveView(server, 'up-range', {
      queries: { up: { prometheus: { url: prometheus.url, query: 'up', range: { start: 'now-10m', step: '1s' } } } },
      columns: [
        { name: 'timestamp', type: 'datetime', primaryKey: true },
        { name: 'job', type: 'string' },
        { name: 'value', type: 'number' },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    const { body: page } = await fetchRows(server, id, body.requestFingerprint);
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) expect(row).toMatchObject({ job: 'prometheus', value: 1 });
    const old = await saveView(server, 'up-last-year', {
      queries: {
        up: { prometheus: { url: prometheus.url, query: 'up', range: { start: 'now-400d', end: 'now-399d' } } },
      },
      columns: [{ name: 'timestamp', type: 'datetime', primaryKey: true }],
    });
    const none = await fetchView(server, old);
    expect(none.body.refreshStatus, none.body.refreshError).toBe('fresh');
    expect(none.body.totalRows).toBe(0);
    const bad = await saveView(server, 'up-backwards', {
      queries: { up: { prometheus: { url: prometheus.url, query: 'up', range: { start: 'now', end: 'now-1h' } } } },
      columns: [{ name: 'timestamp', type: 'datetime', primaryKey: true }],
    });
    expect((await fetchView(server, bad)).body.refreshError).toMatch(/range\.end must be after range\.start/);
  });

  it('viewTableSelector: the rows another view stored; a cycle fails the refresh', async () => {
    await saveView(server, 'inventory', {
      queries: { apps: { http: { url: httpUrl } } },
      columns: [
        { name: 'name', type: 'string', primaryKey: true },
        { name: 'phase', type: 'string' },
      ],
    });
    const id = await saveView(server, 'inventory-copy', {
      queries: { inv: { viewTableSelector: { name: 'inventory' } } },
      columns: [
        { name: 'name', type: 'string', primaryKey: true },
        { name: 'phase', type: 'string' },
        { name: '__view', type: 'string' },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    const { body: page } = await fetchRows(server, id, body.requestFingerprint, '&sort=name');
    expect(page.rows).toEqual([
      { name: 'api', phase: 'Pending', __view: 'default/inventory' },
      { name: 'web', phase: 'Running', __view: 'default/inventory' },
    ]);
    const cycle = (other: string) => ({
      queries: { t: { viewTableSelector: { name: other } } },
      columns: [{ name: 'name', type: 'string', primaryKey: true }],
    });
    await saveView(server, 'loop-a', cycle('loop-b'));
    const b = await saveView(server, 'loop-b', cycle('loop-a'));
    const looped = await fetchView(server, b);
    expect(looped.body.refreshStatus).toBe('error');
    expect(looped.body.refreshError).toMatch(/a cycle/);
  });

  it('selectors: fieldSelector and scope (the scraper, by namespace/name or id)', async () => {
    const cols = [{ name: 'name', type: 'string', primaryKey: true }];
    const byField = await saveView(server, 'not-billing', {
      queries: { ns: { configs: { types: ['Kubernetes::Namespace'], fieldSelector: 'name!=billing' } } },
      columns: cols,
    });
    const a = await fetchView(server, byField);
    expect((await fetchRows(server, byField, a.body.requestFingerprint)).body.rows).toEqual([{ name: 'orders' }]);
    for (const scope of ['infra/kube', SCRAPER]) {
      const id = await saveView(server, `scoped-${scope.length}`, {
        queries: { ns: { configs: { scope, cache: 'no-cache' } } },
        columns: cols,
      });
      const r = await fetchView(server, id);
      expect((await fetchRows(server, id, r.body.requestFingerprint)).body.rows).toEqual([{ name: 'orders' }]);
    }
  });

  it('config tabs: the views a config page shows, and the variables each takes from the config', async () => {
    const id = await saveView(server, 'namespace-tab', {
      display: {
        title: 'Namespace pods',
        plugins: [
          {
            configTab: { types: ['Kubernetes::Namespace'], tagSelector: 'cluster=prod' },
            variables: { cluster: '$(.config.tags.cluster)', namespace: '{{ .config.name }}' },
          },
        ],
      },
      templating: [
        { key: 'cluster', label: 'Cluster', values: ['prod', 'dev'] },
        { key: 'namespace', label: 'Namespace', values: ['orders', 'billing'] },
      ],
      queries: { apps: { http: { url: httpUrl } } },
      columns: [{ name: 'name', type: 'string', primaryKey: true }],
    });
    const tabs = await server.fetch(`/api/view/list?config_id=${ORDERS}`, { as: 'viewer' });
    expect(tabs.status).toBe(200);
    expect(await tabs.json()).toEqual([
      { id, namespace: 'default', name: 'namespace-tab', title: 'Namespace pods', icon: null },
    ]);
    expect(await (await server.fetch(`/api/view/list?config_id=${BILLING}`)).json()).toEqual([]);
    const vars = await server.fetch(`/api/view/display-plugin-variables/${id}?config_id=${ORDERS}`, { as: 'viewer' });
    expect(await vars.json()).toEqual({ variables: { cluster: 'prod', namespace: 'orders' }, filters: {} });
    const notATab = await server.fetch(`/api/view/display-plugin-variables/${id}?config_id=${BILLING}`);
    expect(notATab.status).toBe(404);
    expect((await server.fetch('/api/view/list?config_id=nope')).status).toBe(400);
    expect((await server.fetch(`/api/view/list?config_id=${ORDERS}`, { as: null })).status).toBe(401);
  });

  it('uiRef sections: the catalog list a section names, filtered as the Changes page filters', async () => {
    const id = await saveView(server, 'backups', {
      sections: [
        {
          title: 'Backups',
          uiRef: { changes: { configTypes: 'Kubernetes::Namespace', changeType: 'BackupCompleted,diff:-1' } },
        },
        { title: 'Prod namespaces', uiRef: { configs: { configType: 'Kubernetes::Namespace', search: 'ord' } } },
      ],
    });
    const res = await server.fetch(`/api/view/${id}`);
    const body = await res.json();
    expect(body.sectionResults[0]).toMatchObject({
      type: 'changes',
      title: 'Backups',
      changes: [expect.objectContaining({ config: 'billing', changeType: 'BackupCompleted', summary: 'nightly' })],
    });
    expect(body.sectionResults[0].changes).toHaveLength(1);
    expect(body.sectionResults[1]).toMatchObject({ type: 'configs', configs: [{ id: ORDERS, name: 'orders' }] });
  });
});
