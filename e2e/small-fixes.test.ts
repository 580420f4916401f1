import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson } from '../apps/server/test/incidents/builders.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi, seedChecks } from './health-fixture.js';

// The smaller rough edges a newcomer met, each done as they did it: a scraper's job runs open
// their details, the Topology editor is like every other settings editor, a drilled-into
// component has a breadcrumb, and the texts read right.
let e2e: E2E;
let scraperId = '';
let checkId = '';
const ids = { shop: '', db: '' };
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db.kysely;
  // the signed-in admin is a person: what they import is theirs
  await buildPerson(db, 'admin');
  const [scraper] = await adminApi(e2e, '/api/config/config_scrapers', {
    method: 'POST',
    body: JSON.stringify({ name: 'files', spec: { file: [{ type: 'File', paths: ['/nonexistent/*.json'] }] } }),
  });
  scraperId = scraper.id;
  await db
    .insertInto('job_history')
    .values({
      name: 'ConfigScraper',
      resource_type: 'config_scraper',
      resource_id: scraperId,
      status: 'WARNING',
      success_count: 2,
      error_count: 1,
      details: JSON.stringify({ errors: ['orders.json: unexpected end of JSON input'], scrape_summary: { added: 2 } }),
      time_start: new Date(),
    })
    .execute();
  const [shop] = await db
    .insertInto('components')
    .values({ name: 'shop', external_id: 'shop', type: 'Application', path: '' })
    .returning('id')
    .execute();
  ids.shop = shop?.id as string;
  const [orders] = await db
    .insertInto('components')
    .values({ name: 'orders-db', external_id: 'orders-db', type: 'Database', parent_id: ids.shop, path: ids.shop })
    .returning('id')
    .execute();
  ids.db = orders?.id as string;
  checkId = (await seedChecks(e2e))['web-port'] as string;
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe('smaller fixes', () => {
  it("opens a scraper's own job run with its errors and summary", async () => {
    const page = await e2e.page();
    await page.goto(`/catalog/scrapers/${scraperId}`);
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByRole('button', { name: 'Details of ConfigScraper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Details for job ConfigScraper' });
    await dialog.getByText('orders.json: unexpected end of JSON input').waitFor();
    await dialog.getByRole('tab', { name: 'Scrape Summary' }).click();
    await dialog.getByText('"added": 2').waitFor();
  });

  it('edits a topology like the other settings: breadcrumb, Cancel, spec:, no error before typing', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 900 } });
    await page.goto('/settings/topologies');
    await page.getByRole('link', { name: 'Add topology' }).click();
    await page.waitForURL('**/settings/topologies/new');
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumb.textContent()).toBe('TopologyNew topology');
    expect(await page.getByRole('heading', { name: /topology/i }).count()).toBeLessThanOrEqual(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('group', { name: 'Component 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').waitFor();
    await page
      .getByRole('textbox', { name: /^Name\*?$/ })
      .first()
      .fill('storefront');
    await page.screenshot({ path: path.join(SHOTS, 'topology-settings-new.png') });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('storefront created successfully').waitFor();
    await page.getByRole('table', { name: 'Topology' }).getByRole('link', { name: 'storefront' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/settings\/topologies$/);
  });

  it('shows a breadcrumb when drilling into a component', async () => {
    const page = await e2e.page();
    await page.goto(`/topology/${ids.db}`);
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumb.getByRole('link', { name: 'shop' }).waitFor();
    expect(await crumb.textContent()).toBe('Dashboardshoporders-db');
    await crumb.getByRole('link', { name: 'shop' }).click();
    await page.waitForURL(`**/topology/${ids.shop}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/topology$/);
  });

  it('reads "ago next" with a space on the check detail', async () => {
    const page = await e2e.page();
    await page.goto(`/health?checkId=${checkId}`);
    const lastRun = page.getByRole('dialog').locator('[data-stat="Last run"]');
    await lastRun.waitFor();
    await e2e.server.db.kysely
      .updateTable('checks')
      .set({ next_runtime: new Date(Date.now() + 3600_000) })
      .where('id', '=', checkId)
      .execute();
    await page.reload();
    await expect.poll(() => lastRun.textContent()).toMatch(/ago next \d/);
  });

  it('explains the default schedule only while no schedule is chosen', async () => {
    const page = await e2e.page();
    await page.goto('/settings/canaries/new');
    const schedule = page.getByLabel('Schedule', { exact: true });
    await schedule.waitFor();
    expect(await page.getByText('Runs every minute when empty').count()).toBe(0);
    await schedule.selectOption('');
    await page.getByText('Runs every minute when empty').waitFor();
    await schedule.selectOption('@every 1m');
    await expect.poll(() => page.getByText('Runs every minute when empty').count()).toBe(0);
  });

  it('links the permission modal to the permissions documentation', async () => {
    const page = await e2e.page();
    await page.goto('/settings/permissions');
    await page.getByRole('button', { name: 'Add Permission' }).click();
    const help = page.getByRole('dialog').getByRole('link', { name: 'How permissions work' });
    expect(await help.getAttribute('href')).toMatch(/settings\.md#permissions/);
    expect(await help.getAttribute('target')).toBe('_blank');
  });

  it('says on an empty Jobs History that successful runs are hidden by default', async () => {
    const page = await e2e.page();
    await page.goto('/settings/jobs?name=NoSuchJob');
    await page.getByText('Successful runs are hidden by default').waitFor();
    await page.goto('/settings/jobs?name=NoSuchJob&status=');
    await page.getByText('No data available', { exact: true }).waitFor();
  });

  it('counts one imported canary in the singular', async () => {
    const page = await e2e.page();
    await page.goto('/settings/import');
    await page.getByRole('radio', { name: 'Uptime Kuma' }).check();
    const backup = {
      version: '1.23.16',
      notificationList: [],
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
          tags: [],
        },
      ],
    };
    await page.getByLabel(/Backup file/).setInputFiles({
      name: 'kuma-backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(backup)),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByTestId('import-summary')
      .getByText(/Would create 1 canary,/)
      .waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    const messages = page.getByRole('region', { name: 'Messages' });
    await expect.poll(() => messages.textContent()).toContain('Imported 1 canary from Uptime Kuma');
  });
});
