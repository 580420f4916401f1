import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A Mission Control style view over a release API (a local HTTP stand-in): url columns (one
// lending its link to the name), a badge, a gauge whose max is a template over the row, a
// calendar heatmap of deploys; shown as a tab on a namespace's config page (display.plugins);
// and an application whose CRD-shaped sections show that view inline and the namespace's changes.
let e2e: E2E;
let api: Server;
const asked: string[] = [];
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const NAMESPACE_ID = '8c2b7f52-4444-4a4a-9b9b-000000000001';

const releases = Array.from({ length: 24 }, (_, i) => ({
  service: ['checkout', 'payments', 'search', 'catalog'][i % 4],
  day: new Date(Date.UTC(2026, 9, 1 + i * 2)).toISOString().slice(0, 10),
  deploys: (i * 7) % 5,
}));
const services = [
  {
    name: 'checkout',
    docs: 'https://docs.example.com/checkout',
    console: 'https://console.example.com/checkout',
    phase: 'Running',
    used: 42,
    quota: 60,
  },
  {
    name: 'payments',
    docs: 'https://docs.example.com/payments',
    console: 'https://console.example.com/payments',
    phase: 'Degraded',
    used: 55,
    quota: 60,
  },
  {
    name: 'search',
    docs: 'https://docs.example.com/search',
    console: 'https://console.example.com/search',
    phase: 'Running',
    used: 12,
    quota: 80,
  },
];

beforeAll(async () => {
  api = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url?.startsWith('/releases') ? releases : services));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
  e2e = await startE2E();
  await e2e.server.db.kysely
    .insertInto('config_items' as never)
    .values({
      id: NAMESPACE_ID,
      name: 'shop',
      type: 'Kubernetes::Namespace',
      config_class: 'Namespace',
      tags: '{"cluster":"prod"}',
      health: 'healthy',
    } as never)
    .execute();
  await e2e.server.db.kysely
    .insertInto('config_changes' as never)
    .values([
      { config_id: NAMESPACE_ID, change_type: 'diff', summary: 'scaled checkout to 4 replicas', severity: 'info' },
      { config_id: NAMESPACE_ID, change_type: 'PolicyViolation', summary: 'privileged pod', severity: 'high' },
    ] as never)
    .execute();
  await adminApi(e2e, '/api/db/views', {
    method: 'POST',
    body: JSON.stringify({
      name: 'release-board',
      namespace: 'default',
      spec: {
        description: 'Services, their docs and consoles, quota and deploys',
        display: {
          title: 'Release board',
          plugins: [
            { configTab: { types: ['Kubernetes::Namespace'] }, variables: { cluster: '$(.config.tags.cluster)' } },
          ],
        },
        templating: [{ key: 'cluster', label: 'Cluster', values: ['staging', 'prod'] }],
        queries: {
          services: { http: { url: `${base}/services?cluster=$(var.cluster)` } },
          releases: { http: { url: `${base}/releases` } },
        },
        merge: 'select * from services',
        columns: [
          { name: 'name', type: 'string', primaryKey: true },
          { name: 'console', type: 'url', for: 'name' },
          { name: 'docs', type: 'url' },
          { name: 'phase', type: 'badge', badge: { color: { map: { Running: '#16a34a', Degraded: '#d97706' } } } },
          {
            name: 'used',
            type: 'gauge',
            unit: 'GiB',
            gauge: {
              max: '{{ .row.quota }}',
              thresholds: [
                { percent: 0, color: '#16a34a' },
                { percent: 85, color: '#dc2626' },
              ],
            },
          },
        ],
        panels: [
          {
            name: 'Deploys',
            type: 'heatmap',
            query: 'select day as date, sum(deploys) as value from releases group by day',
            heatmap: { mode: 'calendar' },
          },
          {
            name: 'Quota used',
            type: 'bargauge',
            query: 'select name as label, used * 100.0 / quota as value from services',
            bargauge: { max: '100', format: 'percentage' },
          },
        ],
      },
    }),
  });
  await adminApi(e2e, '/api/db/applications', {
    method: 'POST',
    body: JSON.stringify({
      name: 'shop',
      namespace: 'default',
      spec: {
        type: 'Web shop',
        schedule: '@every 1h',
        sections: [
          { title: 'Release board', viewRef: { namespace: 'default', name: 'release-board' } },
          {
            title: 'Namespace changes',
            uiRef: { changes: { configTypes: 'Kubernetes::Namespace', severity: 'info:-1' } },
          },
        ],
      },
    }),
  });
  // the first refresh starts the scratch SQL engine (seconds on a busy machine): not the page's wait
  await adminApi(e2e, '/api/view/default/release-board');
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await new Promise((r) => api?.close(r));
});

describe('views with CRD columns and panels', () => {
  it('renders url, badge and gauge columns and a calendar heatmap', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    const [view] = await adminApi(e2e, '/api/db/views?name=eq.release-board&select=id');
    await page.goto(`/views/${view.id}`);
    const table = page.getByRole('table', { name: 'Release board rows' });
    // the console column lends its link to the name and is not a column of its own
    const checkout = table.getByRole('link', { name: 'checkout', exact: true });
    await checkout.waitFor();
    expect(await checkout.getAttribute('href')).toBe('https://console.example.com/checkout');
    expect(await table.getByRole('columnheader', { name: 'Console' }).count()).toBe(0);
    expect(await table.getByRole('link', { name: 'https://docs.example.com/payments' }).getAttribute('href')).toBe(
      'https://docs.example.com/payments',
    );
    await table.getByText('Degraded').waitFor();
    await table.getByText('55 GiB').waitFor();
    const heatmap = page.getByRole('region', { name: 'Deploys' });
    await heatmap.getByTestId('heatmap-calendar').waitFor();
    await heatmap.getByRole('img', { name: '2026-10-03: 2' }).waitFor();
    const quota = page.getByRole('region', { name: 'Quota used' });
    await quota.getByText('92%').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'views-crd.png'), fullPage: true });
  });

  it('shows the view as a tab of the config page it names, its variable from the config', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto(`/catalog/${NAMESPACE_ID}`);
    await page.getByRole('tab', { name: 'Release board' }).click();
    await page.waitForURL(/\?view=/);
    // the cluster comes from the namespace's tag (the view's own default is staging)
    await page.getByTestId('config-tab-variables').getByText('cluster: prod').waitFor();
    await page
      .getByRole('table', { name: 'Release board rows' })
      .getByRole('link', { name: 'search', exact: true })
      .waitFor();
    expect(asked).toContain('/services?cluster=prod');
    await page.screenshot({ path: path.join(SHOTS, 'catalog-view-tab.png') });
  });
});

describe('application with CRD sections', () => {
  it('renders a view section inline and a changes section with its filters', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 1000 } });
    await page.goto('/applications/default/shop');
    await page.getByText('rebuilt on schedule @every 1h').waitFor();
    const board = page.getByRole('region', { name: 'Release board' }).first();
    await board.getByRole('region', { name: 'Deploys' }).waitFor();
    await board.getByRole('link', { name: 'payments', exact: true }).waitFor();
    const changes = page.getByRole('region', { name: 'Namespace changes' });
    await changes.getByRole('cell', { name: 'privileged pod' }).waitFor();
    expect(await changes.getByRole('cell', { name: 'scaled checkout to 4 replicas' }).count()).toBe(0);
    await changes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'application-crd-sections.png'), fullPage: true });
  });
});
