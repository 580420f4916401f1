import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startPlaybookWorker } from '@opsdeck/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

const ui = {
  section: (page: Page, name: string) => page.getByRole('region', { name }),
  group: (page: Page, name: string) => page.getByRole('group', { name, exact: true }),
  toast: (page: Page, text: string | RegExp) => page.getByRole('region', { name: 'Messages' }).getByText(text),
};

/** A local stand-in for the service the playbook calls: it records every request it answers. */
async function standInService(): Promise<{
  server: Server;
  url: string;
  requests: Array<{ method: string; url: string; body: string }>;
}> {
  const requests: Array<{ method: string; url: string; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

// A person builds a playbook in the form, without typing YAML: two parameters and an http action
// offered on a kind of catalog item; then runs it on one item and sees the run succeed.
describe('the playbook builder', () => {
  let e2e: E2E;
  let worker: ReturnType<typeof startPlaybookWorker>;
  let service: Awaited<ReturnType<typeof standInService>>;
  let configId: string;
  beforeAll(async () => {
    service = await standInService();
    e2e = await startE2E();
    const row = await e2e.server.db.kysely
      .insertInto('config_items')
      .values({ config_class: 'Deployment', type: 'Kubernetes::Deployment', name: 'checkout-api' })
      .returning('id')
      .executeTakeFirstOrThrow();
    configId = row.id;
    worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await e2e?.close();
    await new Promise((resolve) => service?.server.close(resolve));
  });

  it('adds a playbook with two parameters and an http action, and runs it on a catalog item', async () => {
    const page = await e2e.page({ as: 'admin', viewport: { width: 1280, height: 1400 } });
    await page.goto('/settings/playbooks');
    await page.getByRole('link', { name: 'Add playbook' }).click();
    await page.waitForURL('**/settings/playbooks/new');

    const general = ui.section(page, 'General');
    await general.getByLabel('Name', { exact: true }).fill('notify-owner');
    await general.getByLabel('Title', { exact: true }).fill('Notify owner');
    await general.getByLabel('Category', { exact: true }).fill('Operations');

    // offered on Kubernetes deployments
    const appliesTo = ui.section(page, 'Applies to');
    await appliesTo.getByRole('button', { name: 'Add catalog item selector' }).click();
    await ui.group(page, 'Catalog items').getByLabel('Types').fill('Kubernetes::Deployment');

    // the first parameter: required text
    const params = ui.section(page, 'Parameters');
    await params.getByRole('button', { name: 'Add parameter' }).click();
    const reason = ui.group(page, 'Parameter 1');
    await reason.getByLabel('Parameter name').fill('reason');
    await reason.getByLabel('Label', { exact: true }).fill('Reason');
    await reason.getByLabel('Required').check();
    // the second: a list with two options, the first as default
    await params.getByRole('button', { name: 'Add parameter' }).click();
    const level = ui.group(page, 'Parameter 2');
    await level.getByLabel('Parameter name').fill('level');
    await level.getByLabel('Label', { exact: true }).fill('Level');
    await level.getByLabel('Parameter type').selectOption('list');
    const options = level.getByRole('group', { name: 'Options' });
    for (const value of ['low', 'high']) {
      await options.getByRole('button', { name: 'Add option' }).click();
      await options.getByLabel('Value').last().fill(value);
    }
    await level.getByLabel('Default').selectOption('low');

    // an http action calling the stand-in with the parameters and the item's name
    const actions = ui.section(page, 'Actions');
    await actions.getByLabel('New action type').selectOption('http');
    await actions.getByRole('button', { name: 'Add action' }).click();
    const action = ui.group(page, 'Action 1');
    await action.getByLabel('Action name').fill('call-owner');
    await action.getByLabel('URL', { exact: true }).fill(`${service.url}/notify/{{.config.name}}`);
    await action.getByLabel('Method').fill('POST');
    await action
      .getByLabel('Body', { exact: true })
      .fill('{"reason":"{{.params.reason}}","level":"{{.params.level}}"}');
    await params.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'playbook-builder.png') });
    await action.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'playbook-builder-action.png') });

    // the YAML view shows the same playbook, and the form comes back unchanged
    await page.getByRole('button', { name: 'YAML' }).click();
    const yaml = page.getByRole('textbox', { name: 'Playbook YAML' });
    await expect.poll(() => yaml.textContent()).toContain('url: http://127.0.0.1');
    expect(await page.getByText('Valid playbook').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'playbook-builder-yaml.png') });
    await page.getByRole('button', { name: 'Form' }).click();
    expect(await ui.group(page, 'Parameter 2').getByLabel('Default').inputValue()).toBe('low');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await ui.toast(page, 'notify-owner created successfully').waitFor();
    await page.waitForURL(/\/settings\/playbooks$/);

    // run it from the catalog item's page
    await dismissToasts(page);
    await page.goto(`/catalog/${configId}`);
    await page.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: 'Notify owner' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Run Notify owner' });
    await expect.poll(() => dialog.getByLabel('Level').inputValue()).toBe('low');
    await dialog.getByLabel('Reason').fill('pager is silent');
    await dialog.getByLabel('Level').selectOption('high');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.locator('header').getByText('Completed').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, 'playbook-builder-run.png') });

    expect(service.requests).toEqual([
      { method: 'POST', url: '/notify/checkout-api', body: '{"reason":"pager is silent","level":"high"}' },
    ]);
  });

  it('opens a playbook with every section set, and saves it back unchanged through both views', async () => {
    const spec = {
      title: 'Scale web',
      description: 'Scales the web deployment.',
      category: 'GitOps',
      timeout: '10m',
      configs: [{ types: ['Kubernetes::Deployment'], labelSelector: 'app=web' }],
      filters: ["config.name.startsWith('web')"],
      parameters: [
        { name: 'replicas', type: 'text', default: '3', properties: { regex: '^[0-9]+$' } },
        { name: 'force', type: 'checkbox', default: false },
        { name: 'owner', type: 'team' },
        { name: 'patch', type: 'code', properties: { language: 'yaml', size: 'large' } },
      ],
      actions: [
        { name: 'check', exec: { script: 'echo {{.params.replicas}}', env: [{ name: 'A', value: 'b' }] } },
        {
          name: 'notify',
          if: 'failure()',
          notification: { url: 'generic+http://127.0.0.1:9/x', title: 'Failed', message: 'It failed' },
        },
      ],
      approval: { type: 'all', approvers: { people: ['ada@example.com'] }, allowSelfApproval: true },
      on: {
        config: [{ event: 'unhealthy', labels: { env: 'prod' } }],
        schedule: [{ schedule: '@daily', parameters: { replicas: '2' } }],
        webhook: { path: 'scale-web' },
      },
    };
    const [row] = await adminApi(e2e, '/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({ name: 'scale-web', spec }),
    });
    const page = await e2e.page({ as: 'admin', viewport: { width: 1280, height: 1400 } });
    await page.goto(`/settings/playbooks/${row.id}`);
    const approval = ui.section(page, 'Approval');
    await approval.getByRole('checkbox', { name: 'ada@example.com' }).waitFor();
    expect(await approval.getByRole('checkbox', { name: 'Allow self approval' }).isChecked()).toBe(true);
    expect(await ui.group(page, 'Parameter 2').getByLabel('Default').inputValue()).toBe('false');
    await approval.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'playbook-builder-approval.png') });

    await page.getByRole('button', { name: 'YAML' }).click();
    await page.getByText('Valid playbook').waitFor();
    await page.getByRole('button', { name: 'Form' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await ui.toast(page, 'scale-web updated successfully').waitFor();
    const stored = await e2e.server.db.kysely
      .selectFrom('playbooks')
      .select(['spec', 'title', 'category'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ spec, title: 'Scale web', category: 'GitOps' });
  });
});
