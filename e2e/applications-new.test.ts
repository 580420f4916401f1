import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// A person with no YAML at hand: /applications and /playbooks, empty, point at Settings; New
// application opens a form (with the YAML view a click away, keeping what the form set), Save
// lists it, and its report opens from /applications.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.server.db.kysely
    .insertInto('config_items')
    .values({ config_class: 'Database', type: 'SQL::Database', name: 'orders-db' })
    .execute();
});
afterAll(async () => {
  await e2e?.close();
});

describe('adding an application without YAML', () => {
  it('points the empty /playbooks at Settings', async () => {
    const page = await e2e.page();
    await page.goto('/playbooks');
    await page.getByText('No playbooks yet').waitFor();
    await page.getByRole('link', { name: 'Add one in Settings › Playbooks' }).click();
    await page.waitForURL('**/settings/playbooks/new');
  });

  it('creates an application from /applications and opens its report', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 1000 } });
    await page.goto('/applications');
    await page.getByText('No applications yet').waitFor();
    expect(await page.getByText('opsdeck apply').count()).toBe(0);
    await page.getByRole('link', { name: 'New application' }).click();
    await page.waitForURL('**/settings/applications/new');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('New application').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('shop');
    await page.getByLabel('Type', { exact: true }).fill('Web shop');
    await page.getByLabel('Description', { exact: true }).fill('Orders and payments');
    const sources = page.getByRole('group', { name: 'Data sources' });
    await sources.getByRole('button', { name: 'Add data sources selector' }).click();
    await sources.getByLabel('Data sources 1 types').fill('SQL::Database');
    await sources.getByLabel('Data sources 1 name').fill('orders-*');
    await page.screenshot({ path: path.join(SHOTS, 'settings-application-form.png') });

    // the YAML view shows what the form set, and the form keeps what the YAML added
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    const yaml = page.getByRole('textbox', { name: 'Application YAML' });
    await expect.poll(() => yaml.textContent()).toContain('orders-*');
    expect(await yaml.textContent()).toContain('SQL::Database');
    await page.getByText('Valid application').waitFor();
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    expect(await sources.getByLabel('Data sources 1 types').inputValue()).toBe('SQL::Database');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('shop created successfully').waitFor();
    await page.waitForURL(/\/settings\/applications$/);
    await page.getByRole('table', { name: 'Applications' }).getByText('Web shop').waitFor();

    await page.goto('/applications');
    await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'shop' }).click();
    await page.waitForURL('**/applications/default/shop');
    await page.getByRole('heading', { name: 'shop', exact: true }).waitFor();
    await page.getByText('Orders and payments').first().waitFor();
  });
});
