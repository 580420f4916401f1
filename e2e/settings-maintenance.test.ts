import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheck } from '../apps/server/test/notifications/fixtures.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
// a zone far from UTC, off the hour, without daylight saving: a slip of the zone cannot pass unseen
const ZONE = 'Asia/Kolkata';

/** Tomorrow's date on the wall calendar of `zone`, as YYYY-MM-DD. */
function tomorrowIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now() + 86_400_000,
  );
}

describe('maintenance windows without YAML', () => {
  let e2e: E2E;
  let context: BrowserContext;
  let page: Page;
  // the zone as the browser names it (Chromium reads Asia/Kolkata as Asia/Calcutta)
  let shown: string;
  beforeAll(async () => {
    e2e = await startE2E();
    context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: e2e.server.headers('admin'),
      timezoneId: ZONE,
      locale: 'en-US',
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    shown = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
  afterAll(async () => {
    await context?.close();
    await e2e?.close();
  });

  it('adds a window for tomorrow 02:00-03:00 on the browser clock and lists it as such', async () => {
    const day = tomorrowIn(ZONE);
    await page.goto('/settings/maintenance_windows');
    await page.getByRole('link', { name: 'Add maintenance window' }).click();
    await page.waitForURL('**/settings/maintenance_windows/new');
    await page.getByRole('textbox', { name: /^Name\*?$/ }).fill('Database upgrade');
    // the pickers name the zone they read in
    await page.getByLabel(`Start (${shown})`).fill(`${day}T02:00`);
    await page.getByLabel(`End (${shown})`).fill(`${day}T03:00`);
    await page.getByRole('textbox', { name: 'Health checks 1 name', exact: true }).fill('checkout-api');

    const preview = page.getByRole('region', { name: 'Next windows' });
    await preview.getByText(`Next windows (${shown})`).waitFor();
    await preview
      .getByRole('listitem')
      .filter({ hasText: /2:00 AM GMT\+5:30 – .*3:00 AM GMT\+5:30/ })
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'maintenance-window-form.png'), fullPage: true });

    // the YAML view holds the same window, in UTC
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const startUtc = new Date(Date.UTC(y, m - 1, d, 2, 0) - 330 * 60_000).toISOString().replace('.000Z', 'Z');
    await page.getByText(`start: ${startUtc}`).waitFor();
    await page.getByRole('button', { name: 'Form', exact: true }).click();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('Database upgrade created successfully').waitFor();
    await page.waitForURL(/\/settings\/maintenance_windows$/);
    const row = page.getByRole('row', { name: /Database upgrade/ });
    await row.getByText(/2:00 AM GMT\+5:30 – .*3:00 AM GMT\+5:30/).waitFor();
    expect(await row.textContent()).toContain('health checks (1)');
    await page.screenshot({ path: path.join(SHOTS, 'maintenance-windows-list.png') });

    const [stored] = await adminApi(e2e, '/api/db/maintenance_windows?name=eq.Database%20upgrade&select=spec');
    expect(stored.spec).toEqual({
      start: startUtc,
      end: new Date(Date.parse(startUtc) + 3_600_000).toISOString().replace('.000Z', 'Z'),
      checks: [{ name: 'checkout-api' }],
    });
  });

  it('makes a recurring window from choices and previews its next windows', async () => {
    await page.goto('/settings/maintenance_windows/new');
    await page.getByRole('textbox', { name: /^Name\*?$/ }).fill('Weekly patching');
    await page.getByRole('radio', { name: 'Recurring' }).check();
    await page.getByLabel('Repeat').selectOption('weekly');
    await page.getByLabel('On', { exact: true }).selectOption('Saturday');
    await page.getByLabel('At', { exact: true }).fill('04:30');
    await page.getByLabel(/^Duration/).fill('90m');
    await page.getByRole('textbox', { name: 'Health checks 1 labels', exact: true }).fill('team=platform');
    const items = page.getByRole('region', { name: 'Next windows' }).getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(5);
    expect(await items.first().textContent()).toMatch(/Sat|4:30 AM/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/settings\/maintenance_windows$/);
    await page
      .getByRole('row', { name: /Weekly patching/ })
      .getByText(`Every Saturday at 04:30 (${shown}) for 90m`)
      .waitFor();
  });

  it("shows the window on the public status page in the visitor's zone", async () => {
    await createCheck(e2e.server.db, 'checkout-api');
    await adminApi(e2e, '/api/db/status_pages', {
      method: 'POST',
      body: JSON.stringify({
        name: 'shop',
        title: 'Shop status',
        spec: { groups: [{ name: 'Shop', checks: [{ name: 'checkout-api' }] }] },
      }),
    });
    const visitor = await e2e.browser.newContext({ baseURL: e2e.server.url, timezoneId: ZONE, locale: 'en-US' });
    try {
      const page = await visitor.newPage();
      await page.goto('/status/shop');
      const section = page.locator('#maintenance');
      await section.getByText('Database upgrade').waitFor();
      await section.getByText(/2:00 AM GMT\+5:30 – .*3:00 AM GMT\+5:30/).waitFor();
      await page.getByText(`Times in ${shown}.`).waitFor();
    } finally {
      await visitor.close();
    }
  });
});
