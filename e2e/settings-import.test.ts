import { addPersonWithToken } from '@opsdeck/server/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// An admin brings an Uptime Kuma backup over on /settings/import: the preview lists what would be
// created and what cannot be carried over, the import stores it and the monitors show on /health.
describe('import from Uptime Kuma', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    await addPersonWithToken(e2e.server.db, { email: 'ada@example.com', first: 'Ada', roles: ['admin'] });
    page = await e2e.page({ as: null });
    await page.goto('/login');
    await page.getByLabel(/^Email( \*)?$/).fill('ada@example.com');
    await page.getByLabel(/^Password( \*)?$/).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  // a backup as Uptime Kuma 1.23 exports it (config of notifications as JSON text)
  const backup = () =>
    JSON.stringify({
      version: '1.23.16',
      notificationList: [
        {
          id: 1,
          name: 'Ops hook',
          active: 1,
          isDefault: 0,
          config: JSON.stringify({
            name: 'Ops hook',
            type: 'webhook',
            webhookURL: `${e2e.server.url}/api/canary/about`,
          }),
        },
      ],
      monitorList: [
        {
          id: 1,
          name: 'OpsDeck API',
          type: 'http',
          url: `${e2e.server.url}/api/canary/about`,
          method: 'GET',
          interval: 60,
          active: 1,
          accepted_statuscodes: ['200-299'],
          notificationIDList: { '1': true },
          tags: [],
        },
        {
          id: 2,
          name: 'Cron heartbeat',
          type: 'push',
          pushToken: 'e2ePushToken0123456789',
          interval: 300,
          active: 1,
          tags: [],
        },
        { id: 3, name: 'Game server', type: 'steam', hostname: 'example.com', port: 27015, active: 1, tags: [] },
      ],
    });

  it('previews, imports, and the imported monitors run', async () => {
    await page.goto('/settings/import');
    await page.getByRole('radio', { name: 'Uptime Kuma' }).check();
    await page.getByLabel(/Backup file/).setInputFiles({
      name: 'kuma-backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(backup()),
    });
    expect(await page.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.getByText('Would create 2 canaries, 1 connection and 1 notification rule in namespace').waitFor();
    const skipped = page.getByRole('region', { name: 'Not carried over' });
    expect(await skipped.innerText()).toContain(
      'monitor "Game server": Kuma\'s "steam" monitors have no OpsDeck check type',
    );
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/settings-import.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import' }).click();
    await summary.getByText('Imported 2 canaries, 1 connection and 1 notification rule').waitFor();
    await page.getByRole('region', { name: 'Messages' }).getByText('Imported 2 canaries from Uptime Kuma').waitFor();

    await page.getByRole('link', { name: 'Open the health page' }).click();
    // not run yet, so not failing: shown once passing checks are
    await page.getByRole('button', { name: 'Show passing checks' }).click();
    // one canary per monitor, in the import's namespace
    await page.getByRole('tab', { name: 'kuma' }).waitFor();
    await page.getByRole('row', { name: /opsdeck-api/ }).waitFor();
    await page.getByRole('row', { name: /cron-heartbeat/ }).waitFor();
  });
});
