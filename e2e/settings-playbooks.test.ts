import { startPlaybookWorker } from '@opsdeck/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// An administrator creates a playbook in the settings editor (/settings/playbooks): the builder
// refuses a playbook without actions next to the Actions, the YAML view takes a whole Playbook,
// the form edits it further, and the saved playbook is listed on /playbooks.
const ui = {
  toast: (page: Page, text: string | RegExp) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  field: (page: Page, label: string) =>
    page.getByRole('region', { name: 'General' }).getByLabel(label, { exact: true }),
  yaml: (page: Page) => page.getByRole('textbox', { name: 'Playbook YAML' }),
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
};

async function typeYaml(page: Page, text: string): Promise<void> {
  await ui.yaml(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('playbooks in the settings editor', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.page({ as: 'admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates a playbook from YAML and the form, then lists it on /playbooks', async () => {
    await page.goto('/settings/playbooks');
    await page.getByRole('link', { name: 'Add playbook' }).click();
    await page.waitForURL('**/settings/playbooks/new');

    await ui.field(page, 'Name').fill('rotate-logs');
    // the blank spec has no action: the shared schema refuses it at the Actions, nothing is sent
    await ui.save(page).click();
    await page.getByRole('region', { name: 'Actions' }).getByText('set at least one action').waitFor();
    expect(await e2e.server.db.kysely.selectFrom('playbooks').select('id').execute()).toEqual([]);

    await page.getByRole('button', { name: 'YAML' }).click();
    await typeYaml(
      page,
      'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata:\n  name: rotate-logs\nspec:\n  title: Rotate logs\n  description: Rotates the web logs.\n  actions:\n    - name: rotate\n      http:\n        url: http://127.0.0.1:9/rotate\n',
    );
    await page.getByText('Valid playbook').waitFor();
    await page.getByRole('button', { name: 'Form' }).click();
    expect(await ui.field(page, 'Title').inputValue()).toBe('Rotate logs');
    await ui.field(page, 'Category').fill('Maintenance');
    await ui.save(page).click();
    await ui.toast(page, 'rotate-logs created successfully').waitFor();
    // saving returns to the list; the row opens the saved playbook
    await page.waitForURL(/\/settings\/playbooks$/);
    const table = page.getByRole('table', { name: 'Playbooks' });
    await table.getByText('rotate-logs').click();
    await page.waitForURL(/\/settings\/playbooks\/[0-9a-f-]{36}$/);
    expect(await ui.field(page, 'Name').isDisabled()).toBe(true);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/settings-playbook.png` });

    const stored = await e2e.server.db.kysely
      .selectFrom('playbooks')
      .select(['title', 'category', 'description', 'source'])
      .where('name', '=', 'rotate-logs')
      .executeTakeFirst();
    // title, category and description follow the spec the builder wrote
    expect(stored).toEqual({
      title: 'Rotate logs',
      category: 'Maintenance',
      description: 'Rotates the web logs.',
      source: 'UI',
    });

    await page.goto('/settings/playbooks');
    await table.getByText('rotate-logs').waitFor();
    expect(await table.getByText('Maintenance').count()).toBe(1);

    await page.goto('/playbooks');
    await expect.poll(() => page.getByRole('region', { name: 'Maintenance' }).getByText('Rotate logs').count()).toBe(1);
  });

  it("lists a playbook's runs in its Job History tab, and a run page shows its child runs", async () => {
    const save = async (name: string, script: string) => {
      const [row] = await adminApi(e2e, '/api/db/playbooks', {
        method: 'POST',
        body: JSON.stringify({ name, spec: { title: name, actions: [{ name: 'say', exec: { script } }] } }),
      });
      return row.id as string;
    };
    const deployId = await save('deploy', 'echo deploy');
    const smokeId = await save('smoke-test', 'exit 3');
    const start = async (body: Record<string, unknown>) =>
      (await adminApi(e2e, '/api/playbook/run', { method: 'POST', body: JSON.stringify(body) })).run_id as string;
    const parent = await start({ id: deployId });
    await start({ id: smokeId, parent_id: parent });
    const worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
    try {
      await expect
        .poll(
          async () =>
            (await e2e.server.db.kysely.selectFrom('playbook_runs').select('status').execute())
              .map((r) => r.status)
              .sort(),
          { timeout: 20_000 },
        )
        .toEqual(['completed', 'failed']);
    } finally {
      await worker.stop();
    }

    await page.goto(`/settings/playbooks/${smokeId}?tab=jobs`);
    const jobs = page.getByRole('table', { name: 'Job history' });
    await jobs.getByText('FAILED').waitFor();
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/settings-playbook-jobs.png` });
    await jobs.getByRole('link', { name: /^run / }).click();
    await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'View parent run' }).click();
    await page.waitForURL(`**/playbooks/runs/${parent}`);
    const children = page.getByRole('region', { name: 'Child runs' });
    await children.getByRole('link', { name: 'smoke-test' }).waitFor();
    expect(await children.getByText(/^failed$/i).count()).toBe(1);
    // the actions list holds the child's action too, named after its run
    await page.getByRole('region', { name: 'Actions' }).getByText('smoke-test ›').waitFor();
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/playbooks-child-runs.png` });
  });
});
