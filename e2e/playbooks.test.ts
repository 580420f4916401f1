import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startPlaybookWorker } from '@opsdeck/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi, seedChecks } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `playbooks-${name}.png`) });

const ui = {
  dialog: (page: Page) => page.getByRole('dialog'),
  actions: (page: Page) => page.getByRole('region', { name: 'Actions' }),
};

describe('playbooks in the browser', () => {
  let e2e: E2E;
  let worker: ReturnType<typeof startPlaybookWorker>;
  let checkId: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E();
    const db = e2e.server.db.kysely;
    // the people the test subjects stand for: approvers are matched by email
    await db
      .insertInto('people')
      .values([
        { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Admin', email: 'admin@example.com' },
        { id: '00000000-0000-4000-8000-000000000002', name: 'Eve Editor', email: 'editor@example.com' },
      ])
      .execute();
    const ids = await seedChecks(e2e);
    checkId = ids['web-port'] as string;
    await adminApi(e2e, '/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({
        name: 'restart-web',
        spec: {
          title: 'Restart web',
          category: 'Operations',
          description: 'Restarts the service behind a check, after an editor approves.',
          checks: [{ name: 'web-port' }],
          parameters: [
            { name: 'reason', label: 'Reason', type: 'text', required: true, properties: { minLength: 5 } },
            {
              name: 'mode',
              label: 'Mode',
              type: 'list',
              default: 'graceful',
              properties: { options: [{ value: 'graceful' }, { value: 'force' }] },
            },
            { name: 'notify', label: 'Notify on-call', type: 'checkbox' },
          ],
          approval: { type: 'any', approvers: { people: ['editor@example.com'] } },
          actions: [
            {
              name: 'restart',
              exec: {
                script: 'echo "restarting {{.check.name}} ({{.params.mode}}): {{.params.reason}}" | tee restart.log',
                artifacts: [{ path: 'restart.log' }],
              },
            },
            { name: 'verify', exec: { script: 'echo healthy; echo "no warnings" >&2' } },
          ],
        },
      }),
    });
    await adminApi(e2e, '/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({
        name: 'disk-report',
        spec: { title: 'Disk report', category: 'Reports', actions: [{ name: 'df', exec: { script: 'df -h /' } }] },
      }),
    });
    worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await e2e?.close();
  });

  it('lists playbooks as cards by category', async () => {
    const page = await e2e.page();
    await page.goto('/playbooks');
    await expect.poll(() => page.getByRole('region', { name: 'Operations' }).getByText('Restart web').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Reports' }).getByText('Disk report').count()).toBe(1);
    // Run on the cards the server offers to run (GET /api/playbook/list)
    await expect.poll(() => page.getByRole('button', { name: 'Run' }).count()).toBe(2);
    await shot(page, 'list');
  });

  it('shows a viewer, who may run none, the cards without Run', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/playbooks');
    await expect.poll(() => page.getByRole('region', { name: 'Operations' }).getByText('Restart web').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Reports' }).getByText('Disk report').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Run' }).count()).toBe(0);
  });

  it('runs a playbook from the check detail, is approved by a second user, and shows results and an artifact', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto(`/health?checkId=${checkId}`);
    await page.getByRole('button', { name: 'Playbooks' }).click();
    await page.getByRole('menuitem', { name: 'Restart web' }).click();
    const dialog = ui.dialog(page).filter({ hasText: 'Run Restart web' });
    await expect.poll(() => dialog.getByLabel('Mode').inputValue()).toBe('graceful');
    // validation messages before anything is sent
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Reason is required');
    await dialog.getByLabel('Reason').fill('oom');
    expect(await dialog.getByRole('alert').textContent()).toBe('Reason must be at least 5 characters');
    await dialog.getByLabel('Reason').fill('memory leak');
    await dialog.getByLabel('Mode').selectOption('force');
    await shot(page, 'run-dialog');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    const runUrl = new URL(page.url()).pathname;
    await expect.poll(() => page.getByText('Pending Approval').count()).toBeGreaterThan(0);
    await shot(page, 'pending');
    // the admin who started it is not an approver: no Approve button for them
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // a second person, an editor listed as approver, approves
    const editor = await e2e.page({ as: 'editor' });
    await editor.goto(runUrl);
    await editor.getByRole('button', { name: 'Approve' }).click();
    await editor.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => editor.getByText('Approved by Eve Editor').count(), { timeout: 20_000 }).toBe(1);

    // the first page follows the actions live until the run completes
    await expect
      .poll(() => page.getByRole('banner').or(page.locator('header')).getByText('Completed').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const actions = ui.actions(page);
    await expect
      .poll(() => actions.getByRole('button').allTextContents())
      .toEqual([expect.stringMatching(/^restart.*Completed$/), expect.stringMatching(/^verify.*Completed$/)]);
    await actions.getByRole('button', { name: /^restart/ }).click();
    const result = page.getByRole('region', { name: 'Result' });
    expect(await result.getByRole('tabpanel').textContent()).toContain('restarting web-port (force): memory leak');
    await shot(page, 'run');
    await result.getByRole('tab', { name: 'Artifacts' }).click();
    const link = result.getByRole('link', { name: 'restart.log' });
    const href = await link.getAttribute('href');
    const download = await page.request.get(href as string);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe('restarting web-port (force): memory leak\n');
    await actions.getByRole('button', { name: /^verify/ }).click();
    await result.getByRole('tab', { name: 'stderr' }).click();
    expect(await result.getByRole('tabpanel').textContent()).toContain('no warnings');
  });

  it('lists the run with its resource and filters by status', async () => {
    const page = await e2e.page();
    await page.goto('/playbooks/runs');
    const table = page.getByRole('table', { name: 'Playbook runs' });
    // the one run, not the loading row the table shows first
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('web-port');
    expect(await table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => table.locator('tbody tr').filter({ hasText: 'Restart web' }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Created').selectOption('1h');
    await expect.poll(() => table.locator('tbody tr').filter({ hasText: 'Restart web' }).count()).toBe(1);
    await shot(page, 'runs');
  });
});
