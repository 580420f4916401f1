import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopologyWorker, type TopologyWorker } from '../apps/server/src/topology/worker.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A topology 'shop' whose 'api' component is linked (by label selector) to a check against the
// server's own port. The check is then pointed at a closed port and run: the roll-up worker turns
// 'api' and its parent unhealthy, and the page shows it.
let e2e: E2E;
let worker: TopologyWorker;
let checkId = '';
let canaryId = '';
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  worker = startTopologyWorker(e2e.server.ctx, undefined, { watchMs: 500, runEveryMs: 60_000 });
  const port = new URL(e2e.server.url).port;
  const [canary] = await adminApi(e2e, '/api/db/canaries', {
    method: 'POST',
    body: JSON.stringify({
      name: 'api-checks',
      spec: {
        schedule: '@every 1h',
        tcp: [{ name: 'api-port', endpoint: `127.0.0.1:${port}`, labels: { app: 'api' } }],
      },
    }),
  });
  canaryId = canary.id;
  [{ id: checkId }] = await adminApi(e2e, `/api/db/checks?canary_id=eq.${canaryId}`);
  await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
  const [topology] = await adminApi(e2e, '/api/db/topologies', {
    method: 'POST',
    body: JSON.stringify({
      name: 'shop',
      labels: { env: 'prod' },
      spec: {
        icon: 'shop',
        components: [
          {
            name: 'api',
            type: 'service',
            checks: [{ selector: { labelSelector: 'app=api' } }],
            properties: [{ name: 'version', text: '1.4.2', headline: true }],
          },
          {
            name: 'orders-db',
            type: 'database',
            status: 'healthy',
            properties: [{ name: 'size', value: 12, unit: 'GB' }],
          },
        ],
      },
    }),
  });
  await adminApi(e2e, `/api/canary/run/topology/${topology.id}`, { method: 'POST' });
});
afterAll(async () => {
  await worker?.stop();
  await e2e?.close();
});

const card = (page: Awaited<ReturnType<E2E['page']>>, name: string) => page.getByRole('article', { name });

describe('topology dashboard', () => {
  it('shows the cards, follows a failing check to the card and its parent, and keeps the card width', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/');
    await page.waitForURL('**/topology');
    await card(page, 'shop').waitFor();
    expect(await card(page, 'shop').getAttribute('data-health')).toBe('healthy');
    await page.screenshot({ path: path.join(SHOTS, 'topology.png') });

    await page.goto('/topology');
    const shopId = (await card(page, 'shop').getByRole('link', { name: 'shop' }).getAttribute('href'))
      ?.split('/')
      .pop();
    await page.goto(`/topology/${shopId}`);
    await card(page, 'api').waitFor();
    expect(await card(page, 'api').getAttribute('data-health')).toBe('healthy');

    // the check now fails
    await adminApi(e2e, `/api/db/canaries?id=eq.${canaryId}`, {
      method: 'PATCH',
      body: JSON.stringify({
        spec: { schedule: '@every 1h', tcp: [{ name: 'api-port', endpoint: '127.0.0.1:1', labels: { app: 'api' } }] },
      }),
    });
    await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
    await expect.poll(() => card(page, 'api').getAttribute('data-health'), { timeout: 25_000 }).toBe('unhealthy');
    const panel = page.getByRole('complementary', { name: 'Component details' });
    await expect.poll(() => panel.getByText('unhealthy').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto('/topology');
    await expect.poll(() => card(page, 'shop').getAttribute('data-health'), { timeout: 15_000 }).toBe('unhealthy');

    // the width slider: 400 px, kept across a reload
    await page.getByRole('slider', { name: /Card width/ }).fill('400');
    await expect.poll(() => card(page, 'shop').evaluate((el) => (el as HTMLElement).style.width)).toBe('400px');
    await page.reload();
    await card(page, 'shop').waitFor();
    expect(await card(page, 'shop').evaluate((el) => (el as HTMLElement).style.width)).toBe('400px');
    expect(await page.evaluate(() => localStorage.getItem('topology_card_width'))).toBe('"400px"');

    // filters live in the URL
    await page.getByRole('combobox', { name: 'Health' }).selectOption('healthy');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('healthy');
    await page.getByText('No components yet').waitFor();
  });

  it('opens a component with its checks and downloads its snapshot', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/topology');
    const shopHref = await card(page, 'shop').getByRole('link', { name: 'shop' }).getAttribute('href');
    await card(page, 'shop').getByRole('link', { name: 'api' }).click();
    const panel = page.getByRole('complementary', { name: 'Component details' });
    await panel.getByRole('heading', { name: 'api' }).waitFor();
    await panel.getByRole('tab', { name: /Checks/ }).click();
    await panel.getByRole('link', { name: 'api-port' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'topology-component.png') });
    // the wall-screen view: the same component without the sidebar
    const componentId = new URL(page.url()).pathname.split('/').pop();
    const wall = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await wall.goto(`/view/topology/${componentId}`);
    await wall.getByRole('article', { name: 'api' }).waitFor();
    expect(await wall.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Snapshot' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download snapshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^snapshot-.*\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
    expect(Object.keys(files)).toContain('components.json');
    expect(JSON.parse(strFromU8(files['checks.json'] as Uint8Array))[0]).toMatchObject({ name: 'api-port' });

    // hidden components leave the cards unless Show hidden is Yes
    await panel.getByRole('button', { name: 'Hide' }).click();
    await panel.getByRole('button', { name: 'Unhide' }).waitFor();
    await page.goto(shopHref as string);
    await card(page, 'orders-db').waitFor();
    expect(await card(page, 'api').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Show hidden' }).selectOption('yes');
    await card(page, 'api').waitFor();
    expect(new URL(page.url()).searchParams.get('showHiddenComponents')).toBe('yes');
  });

  it('shows the topology form and its job history in Settings', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/settings/topologies');
    await page.getByRole('link', { name: 'shop' }).click();
    await page
      .getByRole('textbox', { name: /^Name\*?$/ })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('textbox', { name: /^Name\*?$/ })
        .first()
        .inputValue(),
    ).toBe('shop');
    await page.getByRole('button', { name: 'Run Now' }).click();
    await page.getByText(/Run finished/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'topology-settings.png') });
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByText('TopologyRun').first().waitFor();
  });
});
