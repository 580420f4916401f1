import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleCanary } from '../apps/server/src/health/sample.js';
import { createSampleView } from '../apps/server/src/views/sample.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// Checks carry their canary's labels: the sample view over app=opsdeck (the sample canary labels
// only the canary) lists OpsDeck's own checks, and a status page group over a canary's team label
// shows that canary's checks rather than "Nothing to show".
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  const port = Number(new URL(e2e.server.url).port);
  const sample = await createSampleCanary(e2e.server.ctx, port);
  const [payments] = await adminApi(e2e, '/api/db/canaries', {
    method: 'POST',
    body: JSON.stringify({
      name: 'payments',
      labels: { team: 'payments' },
      spec: { schedule: '@every 1h', tcp: [{ name: 'payments-api', endpoint: `127.0.0.1:${port}` }] },
    }),
  });
  for (const canary of [sample, payments.id]) {
    for (const { id } of await adminApi(e2e, `/api/db/checks?canary_id=eq.${canary}&select=id`)) {
      await adminApi(e2e, `/api/canary/run/check/${id}`, { method: 'POST' });
    }
  }
  await adminApi(e2e, '/api/db/status_pages', {
    method: 'POST',
    body: JSON.stringify({
      name: 'payments',
      title: 'Payments status',
      spec: { groups: [{ name: 'Payments team', checks: [{ labelSelector: 'team=payments' }] }] },
    }),
  });
  await createSampleView(e2e.server.ctx);
  // the first refresh starts the scratch SQL engine (seconds on a busy machine): not the page's wait
  await e2e.server.fetch('/api/view/default/opsdeck-checks', { as: 'admin' });
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

describe("checks carry their canary's labels", () => {
  it('the sample view lists the sample canary checks with no refresh error', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/health');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'OpsDeck checks' }).click();
    await page.getByRole('heading', { name: 'OpsDeck checks', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'OpsDeck checks rows' });
    for (const name of ['opsdeck-health', 'opsdeck-port', 'localhost'])
      await table.getByRole('link', { name }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Checks' }).textContent()).toMatch(/Checks\s*3$/);
    expect(await page.getByText('View refresh failed').count()).toBe(0);
    expect(await table.getByRole('link', { name: 'payments-api' }).count()).toBe(0);
  });

  it("a status page grouped by the canary's label shows its check", async () => {
    const page = await e2e.page({ as: null, viewport: { width: 1000, height: 700 } });
    const res = await page.goto('/status/payments');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Payments status' }).waitFor();
    await page.getByText('payments-api').waitFor();
    expect(await page.getByText('Nothing to show').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'status-page-labels.png'), fullPage: true });
  });
});
