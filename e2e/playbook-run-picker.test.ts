import path from 'node:path';
import { startPlaybookWorker } from '@opsdeck/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// Run from /playbooks, a playbook that runs on config items asks for one: the person searches by
// name among the items the playbook's selectors match, picks one, sees its parameters rendered for
// it, and the run is against that item.
let e2e: E2E;
let worker: ReturnType<typeof startPlaybookWorker>;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.server.db.kysely
    .insertInto('config_items')
    .values([
      { config_class: 'Database', type: 'SQL::Database', name: 'orders-db' },
      { config_class: 'Database', type: 'SQL::Database', name: 'billing-db' },
      { config_class: 'Namespace', type: 'Kubernetes::Namespace', name: 'orders' },
    ])
    .execute();
  await adminApi(e2e, '/api/db/playbooks', {
    method: 'POST',
    body: JSON.stringify({
      name: 'vacuum-db',
      spec: {
        title: 'Vacuum database',
        category: 'Databases',
        configs: [{ types: ['SQL::Database'] }],
        parameters: [{ name: 'target', label: 'Target', type: 'text', default: '{{.config.name}}' }],
        actions: [{ name: 'vacuum', exec: { script: 'echo "vacuum {{.params.target}}"' } }],
      },
    }),
  });
  worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await e2e?.close();
});

describe('the /playbooks run dialog', () => {
  it('picks the config item by name, then runs the playbook against it', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 900 } });
    await page.goto('/playbooks');
    await page.getByRole('region', { name: 'Databases' }).getByRole('button', { name: 'Run' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Run Vacuum database' });
    await dialog.getByText('Please select a resource to see the parameters.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
    // only the items the playbook runs on: databases, not the orders namespace
    const matches = dialog.getByRole('list', { name: 'Matching config items' });
    await dialog.getByLabel('Search config items by name').fill('orders');
    await matches.getByText('orders-db').waitFor();
    await expect.poll(() => matches.getByRole('listitem').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'playbooks-run-picker.png') });
    await matches.getByRole('button', { name: 'Select orders-db' }).click();
    expect(await dialog.getByTestId('run-resource').textContent()).toContain('orders-db');
    // the parameters are those of the chosen item
    await expect.poll(() => dialog.getByLabel('Target').inputValue()).toBe('orders-db');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'orders-db' }).first().waitFor();
  });
});
