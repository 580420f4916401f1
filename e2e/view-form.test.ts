import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A person who has never written a View: Settings › Views › Add view, a query over catalog items
// of one type and two columns picked on the form, Save, and the view lists the items. An existing
// view with fields the form shows nowhere goes through YAML and back and is saved unchanged.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.server.db.kysely
    .insertInto('config_items')
    .values(['web-1', 'web-2'].map((name) => ({ config_class: 'Server', type: 'Demo::Server', name })))
    .execute();
});
afterAll(async () => {
  await e2e?.close();
});

/** The text of the YAML view (CodeMirror's lines). */
const yamlText = (page: Page) => page.locator('.cm-content').innerText();

describe('the view form', { timeout: 180_000 }, () => {
  it('creates a view over catalog items with two columns without typing YAML, then shows its rows', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 1400 } });
    await page.goto('/settings/views');
    await page.getByRole('link', { name: 'Add view' }).click();
    await page.waitForURL('**/settings/views/new');
    await page
      .getByRole('textbox', { name: /^Name\*?$/ })
      .first()
      .fill('demo-servers');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Demo servers');
    await page.getByRole('checkbox', { name: 'Show in the sidebar' }).check();

    const query = page.getByRole('group', { name: 'Query 1', exact: true });
    expect(await query.getByLabel('Source').inputValue()).toBe('configs');
    await query.getByRole('textbox', { name: 'Types', exact: true }).fill('Demo::Server');

    // a column without its name: the form says so at the field, nothing is sent
    await page.getByRole('button', { name: 'Add column' }).click();
    const second = page.getByRole('group', { name: 'Column 2', exact: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await second.getByText('This field is required').waitFor();
    await second.getByRole('textbox', { name: /^Name\*?$/ }).fill('type');
    // the type's choices are the schema's
    const types = await second.getByLabel('Type', { exact: true }).locator('option').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['string', 'gauge', 'badge', 'config_item']));
    await second.getByLabel('Type', { exact: true }).selectOption('gauge');
    // a gauge column offers the gauge's bounds; a text column does not
    const gauge = second.locator('summary', { hasText: /^Gauge$/ });
    await gauge.waitFor();
    await second.getByLabel('Type', { exact: true }).selectOption('string');
    await gauge.waitFor({ state: 'detached' });
    expect(await page.getByRole('group', { name: 'Column 1', exact: true }).getByLabel('Primary key').isChecked()).toBe(
      true,
    );
    await dismissToasts(page);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'view-form.png') });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('demo-servers created successfully').waitFor();
    await page.waitForURL(/\/settings\/views$/);

    const [view] = await adminApi(e2e, '/api/db/views?name=eq.demo-servers&select=id,spec');
    expect(view.spec).toEqual({
      display: { title: 'Demo servers', sidebar: true },
      queries: { items: { configs: { types: ['Demo::Server'] } } },
      columns: [
        { name: 'name', type: 'string', primaryKey: true },
        { name: 'type', type: 'string' },
      ],
    });
    await page.goto(`/views/${view.id}`);
    const table = page.getByRole('table', { name: 'Demo servers rows' });
    await table.getByText('web-1').waitFor();
    await table.getByText('web-2').waitFor();
    expect(await table.getByRole('cell', { name: 'Demo::Server' }).count()).toBe(2);
  });

  it('keeps every field of an existing view through YAML and back, and saves it unchanged', async () => {
    const spec = {
      description: 'Servers by type',
      display: { title: 'Fleet', icon: 'server', ordinal: 3, table: { sort: '-name', size: 50 } },
      cache: { maxAge: '5m', minAge: '10s' },
      templating: [{ key: 'kind', label: 'Kind', values: ['all', 'Demo::Server'], default: 'all' }],
      queries: { items: { configs: { types: ['Demo::Server'], limit: 100 }, columns: { name: 'string' } } },
      merge: 'select name, 1 as load from items',
      columns: [
        { name: 'name', type: 'string', primaryKey: true, url: { template: '/catalog?q={{.name}}' } },
        { name: 'load', type: 'gauge', gauge: { min: 0, max: 10, thresholds: [{ percent: 80, color: 'red' }] } },
      ],
      mapping: { load: 'row.load' },
      panels: [{ name: 'Count', type: 'number', query: 'select count(*) as value from items' }],
    };
    const [created] = await adminApi(e2e, '/api/db/views', {
      method: 'POST',
      body: JSON.stringify({ name: 'fleet', namespace: 'default', spec }),
    });
    const page = await e2e.page({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`/settings/views/${created.id}`);
    const gauge = page.getByRole('group', { name: 'Column 2', exact: true });
    expect(await gauge.getByLabel('Type', { exact: true }).inputValue()).toBe('gauge');
    expect(await gauge.getByRole('textbox', { name: 'Max', exact: true }).inputValue()).toBe('10');
    expect(await page.getByLabel('Merge (SQL)').inputValue()).toBe(spec.merge);

    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    await page.getByText('minAge: 10s').waitFor();
    const before = await yamlText(page);
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await page.getByRole('group', { name: 'Query 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('fleet updated successfully').waitFor();

    const [stored] = await adminApi(e2e, `/api/db/views?id=eq.${created.id}&select=spec`);
    expect(stored.spec).toEqual(spec);
    await page.goto(`/settings/views/${created.id}`);
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    await page.getByText('minAge: 10s').waitFor();
    expect(await yamlText(page)).toBe(before);
  });
});
