import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// Names where ids used to be: the Permissions page's Resource column names the playbook, a config
// item links a component found by name and lists it by name, and a run on a component names it.
let e2e: E2E;
let configId = '';
let playbookId = '';
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db.kysely;
  const [config] = await db
    .insertInto('config_items')
    .values({ config_class: 'Database', type: 'SQL::Database', name: 'orders-db' })
    .returning('id')
    .execute();
  configId = config?.id as string;
  await db
    .insertInto('components')
    .values([
      { name: 'checkout-service', external_id: 'checkout', type: 'Service' },
      { name: 'search-service', external_id: 'search', type: 'Service' },
    ])
    .execute();
  const [person] = await db
    .insertInto('people')
    .values({ name: 'Olive Operator', email: 'olive@example.com' })
    .returning('id')
    .execute();
  const [playbook] = await adminApi(e2e, '/api/db/playbooks', {
    method: 'POST',
    body: JSON.stringify({
      name: 'restart-checkout',
      spec: {
        title: 'Restart checkout',
        components: [{ types: ['Service'] }],
        actions: [{ name: 'restart', exec: { script: 'echo restart' } }],
      },
    }),
  });
  playbookId = playbook.id;
  await adminApi(e2e, '/api/db/permissions', {
    method: 'POST',
    body: JSON.stringify({ action: 'playbook:run', playbook_id: playbookId, person_id: person?.id }),
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe('names instead of ids', () => {
  it("names the playbook in the Permissions page's Resource column", async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 800 } });
    await page.goto('/settings/permissions');
    const row = page.getByRole('table', { name: 'Permissions' }).getByRole('row').filter({ hasText: 'Olive Operator' });
    await row.getByText('Restart checkout').waitFor();
    expect(await row.textContent()).not.toMatch(UUID);
    expect(await row.textContent()).not.toContain(playbookId);
    await page.screenshot({ path: path.join(SHOTS, 'settings-permissions-names.png') });
  });

  it('links a component to a config item by its name', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`/catalog/${configId}`);
    await page.getByRole('tab', { name: /Relationships/ }).click();
    const linked = page.getByRole('region', { name: 'Linked components' });
    await linked.getByText('No linked components.').waitFor();
    await linked.getByRole('button', { name: 'Link component' }).click();
    const picker = page.getByRole('dialog', { name: 'Link component' });
    await picker.getByLabel('Search components by name').fill('checkout');
    const matches = picker.getByRole('list', { name: 'Matching components' });
    await matches.getByText('checkout-service').waitFor();
    await expect.poll(() => matches.getByRole('listitem').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'catalog-link-component.png') });
    await matches.getByRole('button', { name: 'Link checkout-service' }).click();
    await linked.getByRole('link', { name: 'checkout-service' }).waitFor();
    expect(await linked.textContent()).not.toMatch(UUID);
  });

  it('names the component a playbook ran on in the runs list', async () => {
    const [component] = await adminApi(e2e, '/api/db/components?name=eq.search-service&select=id');
    await adminApi(e2e, '/api/playbook/run', {
      method: 'POST',
      body: JSON.stringify({ id: playbookId, component_id: component.id, params: {} }),
    });
    const page = await e2e.page();
    await page.goto('/playbooks/runs');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'search-service' }).waitFor();
    expect(await table.textContent()).not.toContain(component.id);
  });
});
