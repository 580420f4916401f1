import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHub } from '../apps/server/src/live/registry.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// One TCP check against a port this test opens. The health page is open; the port closes and the
// check runs (through the API, not the page): the stream brings the failure to the page.
let e2e: E2E;
let target: net.Server;
let checkId = '';
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  target = net.createServer((s) => s.end());
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const port = (target.address() as net.AddressInfo).port;
  const [canary] = await adminApi(e2e, '/api/db/canaries', {
    method: 'POST',
    body: JSON.stringify({
      name: 'live',
      spec: { schedule: '@every 1h', tcp: [{ name: 'live-port', endpoint: `127.0.0.1:${port}` }] },
    }),
  });
  [{ id: checkId }] = await adminApi(e2e, `/api/db/checks?canary_id=eq.${canary.id}`);
  await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
});
afterAll(async () => {
  await e2e?.close();
  await new Promise((r) => target.close(r));
});

describe('live updates', () => {
  it('shows a check turning unhealthy on the open health page without a reload', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group&hidePassing=false');
    const dot = page.locator('tr[data-check="live-port"] [role=img]');
    await expect.poll(() => dot.getAttribute('data-color')).toBe('green');
    // the tab's one stream is open; the page is marked to tell a reload apart
    await expect.poll(() => liveHub(e2e.server.ctx).size).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    await new Promise<void>((r) => target.close(() => r()));
    const started = Date.now();
    await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
    await dot.and(page.locator('[data-color="red"]')).waitFor({ timeout: 2000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2000);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await page.locator('tr[data-check="live-port"]').getByText('unhealthy').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'live-updates.png') });
  });
});
