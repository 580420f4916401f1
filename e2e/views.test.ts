import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleView } from '../apps/server/src/views/sample.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// The sample view (OpsDeck's own checks, in the sidebar) over a canary labelled app=opsdeck with a
// tcp and an http check against the server itself: opened from the sidebar, then with its check
// type variable in the URL, its panels and rows follow the variable.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  const base = e2e.server.url;
  const [canary] = await adminApi(e2e, '/api/db/canaries', {
    method: 'POST',
    body: JSON.stringify({
      name: 'opsdeck-self',
      labels: { app: 'opsdeck' },
      spec: {
        schedule: '@every 1h',
        http: [{ name: 'opsdeck-health', url: `${base}/health`, labels: { app: 'opsdeck' } }],
        tcp: [{ name: 'opsdeck-port', endpoint: new URL(base).host, labels: { app: 'opsdeck' } }],
      },
    }),
  });
  for (const { id } of await adminApi(e2e, `/api/db/checks?canary_id=eq.${canary.id}&select=id`)) {
    await adminApi(e2e, `/api/canary/run/check/${id}`, { method: 'POST' });
  }
  await createSampleView(e2e.server.ctx);
  // the first refresh starts the scratch SQL engine (seconds on a busy machine): not the page's wait
  await adminApi(e2e, '/api/view/default/opsdeck-checks');
});
afterAll(async () => {
  await e2e?.close();
});

describe('views', () => {
  it('opens a sidebar view, then follows a variable in the URL to its panels and rows', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/health');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'OpsDeck checks' }).click();
    await page.waitForURL(/\/views\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'OpsDeck checks', level: 1 }).waitFor();
    const checks = page.getByRole('region', { name: 'Checks' });
    await expect.poll(() => checks.textContent()).toContain('2');
    const table = page.getByRole('table', { name: 'OpsDeck checks rows' });
    await table.getByRole('link', { name: 'opsdeck-port' }).waitFor();
    await table.getByRole('link', { name: 'opsdeck-health' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'views.png') });

    // the variable in the URL: only tcp checks
    const url = new URL(page.url());
    await page.goto(`${url.pathname}?type=tcp`);
    await expect.poll(() => checks.textContent()).toMatch(/Checks\s*1$/);
    await expect.poll(() => page.getByLabel('Check type').inputValue()).toBe('tcp');
    await table.getByRole('link', { name: 'opsdeck-port' }).waitFor();
    expect(await table.getByRole('link', { name: 'opsdeck-health' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'By status' }).textContent()).toContain('healthy');

    // choosing another value updates the URL
    await page.getByLabel('Check type').selectOption('http');
    await page.waitForURL(/type=http/);
    await table.getByRole('link', { name: 'opsdeck-health' }).waitFor();
    // cards instead of the table
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByTestId('view-cards').getByRole('link', { name: 'opsdeck-health' }).waitFor();
  });
});

describe('Settings › Views', () => {
  it('lists the view and refuses an invalid spec at the YAML with its path', async () => {
    const page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
    await page.goto('/settings/views');
    const table = page.getByRole('table', { name: 'Views' });
    await table.getByText('opsdeck-checks').click();
    await page.waitForURL(/\/settings\/views\/[0-9a-f-]{36}$/);
    await page.getByRole('group', { name: 'Query 1', exact: true }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'settings-views.png') });

    await page.goto('/settings/views');
    await page.getByRole('link', { name: 'Add view' }).click();
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    const yaml = page.getByRole('textbox', { name: 'view YAML' });
    // a column type the View schema does not know: the path is named under the YAML
    await yaml.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      'name: config-inventory\nnamespace: default\nspec:\n  queries:\n    items:\n      configs: {}\n  columns:\n    - name: name\n      type: text\n      primaryKey: true\n',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(/spec\.columns\[0\]\.type/)
      .first()
      .waitFor();

    // a known column type saves, and saving returns to the list with the new view
    await yaml.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      'name: config-inventory\nnamespace: default\nspec:\n  queries:\n    items:\n      configs: {}\n  columns:\n    - name: name\n      type: string\n      primaryKey: true\n',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/settings\/views$/);
    await table.getByText('config-inventory').waitFor();
  });
});
