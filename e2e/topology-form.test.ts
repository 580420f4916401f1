import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A person who has never written a Topology: Settings › Topology › Add topology, one component
// with an HTTP lookup filled in on the check form builder's card, Save. An existing topology with
// fields the form shows nowhere goes through YAML and back and is saved unchanged.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The text of the YAML view (CodeMirror's lines). */
const yamlText = (page: Page) => page.locator('.cm-content').innerText();

describe('the topology form', { timeout: 180_000 }, () => {
  it('creates a topology with one component and an HTTP lookup without typing YAML', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 1400 } });
    await page.goto('/settings/topologies');
    await page.getByRole('link', { name: 'Add topology' }).click();
    await page.waitForURL('**/settings/topologies/new');
    await page
      .getByRole('textbox', { name: /^Name\*?$/ })
      .first()
      .fill('storefront-form');
    await page.getByRole('textbox', { name: 'Icon', exact: true }).first().fill('shop');

    const component = page.getByRole('group', { name: 'Component 1', exact: true });
    await component.getByRole('textbox', { name: /^Name\*?$/ }).fill('api');
    await component.getByRole('textbox', { name: 'Type', exact: true }).fill('service');
    await component.getByLabel('Lookup check type').selectOption('http');
    await component.getByRole('button', { name: 'Add lookup check' }).click();
    const check = component.getByRole('group', { name: 'HTTP check 1', exact: true });

    // the check's required fields are the health check form's
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await check.getByText('This field is required').count()).toBe(2);
    await check.getByRole('textbox', { name: /^Name\*?$/ }).fill('api-health');
    await check.getByRole('textbox', { name: /^URL\*?$/ }).fill(`${e2e.server.url}/health`);
    await dismissToasts(page);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'topology-form.png') });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('storefront-form created successfully').waitFor();
    await page.waitForURL(/\/settings\/topologies$/);
    const [stored] = await adminApi(e2e, '/api/db/topologies?name=eq.storefront-form&select=spec');
    expect(stored.spec).toEqual({
      schedule: '@every 5m',
      icon: 'shop',
      components: [
        {
          name: 'api',
          type: 'service',
          status: 'healthy',
          lookup: { http: [{ name: 'api-health', method: 'GET', url: `${e2e.server.url}/health` }] },
        },
      ],
    });
  });

  it('keeps every field of an existing topology through YAML and back, and saves it unchanged', async () => {
    const spec = {
      schedule: '@every 10m',
      type: 'App',
      id: { template: '{{ .name }}' },
      components: [
        {
          name: 'db',
          type: 'database',
          relationships: [{ type: 'depends', ref: 'api' }],
          properties: [{ name: 'size', value: 12, unit: 'GB', headline: true }],
          forEach: { properties: [{ name: 'region', text: 'eu' }] },
          components: [{ name: 'replica', type: 'database', hidden: true, order: 2 }],
          lookup: { tcp: [{ name: 'db-port', endpoint: '127.0.0.1:5432' }], schedule: '@every 1m' },
        },
      ],
      properties: [{ name: 'owner', text: 'platform' }],
      statusExpr: "'healthy'",
    };
    const [created] = await adminApi(e2e, '/api/db/topologies', {
      method: 'POST',
      body: JSON.stringify({ name: 'estate', namespace: 'default', labels: { env: 'prod' }, spec }),
    });
    const page = await e2e.page({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`/settings/topologies/${created.id}`);
    const replica = page.getByRole('group', { name: 'Component 1.1', exact: true });
    expect(await replica.getByRole('textbox', { name: /^Name\*?$/ }).inputValue()).toBe('replica');
    const tcp = page.getByRole('group', { name: 'TCP check 1', exact: true });
    expect(await tcp.getByRole('textbox', { name: /^Name\*?$/ }).inputValue()).toBe('db-port');

    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    await page.getByText('ref: api').waitFor();
    const before = await yamlText(page);
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await page.getByRole('group', { name: 'Component 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('estate updated successfully').waitFor();

    const [stored] = await adminApi(e2e, `/api/db/topologies?id=eq.${created.id}&select=labels,spec`);
    expect(stored).toEqual({ labels: { env: 'prod' }, spec });
    await page.goto(`/settings/topologies/${created.id}`);
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    await page.getByText('ref: api').waitFor();
    expect(await yamlText(page)).toBe(before);
  });
});
