import { addPersonWithToken } from '@opsdeck/server/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// An administrator creates a notification rule through the generic settings resource editor
// (/settings/notifications), with the server's validation shown next to the field, edits and
// deletes it; and creates an incident rule through its editor.
const ui = {
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  field: (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) }),
  yaml: (page: Page) => page.getByRole('textbox', { name: 'Spec (YAML)' }),
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
};

async function typeYaml(page: Page, text: string): Promise<void> {
  await ui.yaml(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('notification and incident rules in the settings editors', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    await e2e.server.db.kysely.insertInto('teams').values({ name: 'SRE' }).execute();
    // a real administrator signed in with a password, so rules record who created them
    await addPersonWithToken(e2e.server.db, { email: 'root@example.com', first: 'Root', roles: ['admin'] });
    page = await e2e.page({ as: null });
    await page.goto('/login');
    await page.getByLabel(/^Email( \*)?$/).fill('root@example.com');
    await page.getByLabel(/^Password( \*)?$/).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const rule = (name: string) =>
    e2e.server.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  it('creates, edits and deletes a notification rule, with the API refusal beside its field', async () => {
    await page.goto('/settings/notifications');
    await page.getByRole('link', { name: 'Add notification rule' }).click();
    await page.waitForURL('**/settings/notifications/new');

    await ui.save(page).click();
    await page.getByText('This field is required').first().waitFor();

    await ui.field(page, 'Name').fill('checkout alerts');
    await page.getByRole('checkbox', { name: 'check.failed' }).check();
    await page.getByRole('combobox', { name: /^Team\*?$/ }).selectOption({ label: 'SRE' });
    // a filter the server's CEL compiler refuses
    await ui.field(page, 'Filter').fill('check.name ==');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await page.getByRole('combobox', { name: 'Channel 1 kind' }).selectOption('Channel URL');
    await page.getByRole('combobox', { name: 'Channel 1 URL' }).fill('generic+http://127.0.0.1:9/hook');
    await ui.save(page).click();
    const filterError = page.locator('p', { hasText: /^filter:/ });
    await filterError.waitFor();
    expect(await ui.field(page, 'Filter').getAttribute('aria-invalid')).toBe('true');
    expect(await rule('checkout alerts')).toBeUndefined();
    await ui.field(page, 'Filter').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/notification-rule-error.png` });

    await ui.field(page, 'Filter').fill("check.name == 'checkout'");
    await ui.save(page).click();
    await ui.toast(page, 'checkout alerts created successfully').waitFor();
    // saving returns to the list, which shows the new rule
    await page.waitForURL(/\/settings\/notifications$/);
    const listed = page.getByRole('table', { name: 'Notifications' }).getByText('checkout alerts');
    const stored = await rule('checkout alerts');
    expect(stored).toMatchObject({ events: ['check.failed'], filter: "check.name == 'checkout'", source: 'UI' });
    expect(stored?.custom_services).toEqual([{ url: 'generic+http://127.0.0.1:9/hook' }]);

    await listed.click();
    expect(await ui.field(page, 'Name').isDisabled()).toBe(true);
    // Cancel returns to the list without saving
    await ui.field(page, 'Title').fill('not kept');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/settings\/notifications$/);
    expect((await rule('checkout alerts'))?.title).toBeNull();

    await listed.click();
    await ui.field(page, 'Title').fill('{{.check.name}} failed');
    await ui.save(page).click();
    await ui.toast(page, 'checkout alerts updated successfully').waitFor();
    await page.waitForURL(/\/settings\/notifications$/);
    expect((await rule('checkout alerts'))?.title).toBe('{{.check.name}} failed');

    await listed.click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this resource?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await ui.toast(page, 'checkout alerts deleted successfully').waitFor();
    await page.waitForURL(/\/settings\/notifications$/);
    expect(await rule('checkout alerts')).toBeUndefined();
  });

  it('shows a rule from another source read-only, with no Save or Delete', async () => {
    const row = await e2e.server.db.kysely
      .insertInto('notifications')
      .values({
        name: 'from-crd',
        events: ['check.failed'],
        source: 'KubernetesCRD',
        custom_services: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await page.goto(`/settings/notifications/${row.id}`);
    await page.getByRole('note').getByText('Read-only').waitFor();
    expect(await ui.save(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('creates an incident rule through its editor', async () => {
    await page.goto('/settings/incident_rules');
    await page.getByRole('link', { name: 'Add incident rule' }).click();
    await page.waitForURL('**/settings/incident_rules/new');
    await page.getByLabel('Name', { exact: true }).fill('payments down');
    await page.getByText('Valid incident rule spec').waitFor();
    await ui.save(page).click();
    await ui.toast(page, 'payments down created successfully').waitFor();
    await page.waitForURL(/\/settings\/incident_rules$/);
    await page.getByRole('row', { name: /payments down/ }).waitFor();
    const stored = await e2e.server.db.kysely
      .selectFrom('incident_rules')
      .select(['name', 'spec'])
      .where('name', '=', 'payments down')
      .executeTakeFirst();
    expect(stored?.spec).toMatchObject({ template: { severity: 'low', type: 'availability' } });
  });

  it('creates a log backend with a name, labels and a spec', async () => {
    await page.goto('/settings/logging_backends');
    await page.getByRole('link', { name: 'Add log backend' }).click();
    await page.waitForURL('**/settings/logging_backends/new');
    await ui.save(page).click();
    await page.getByText('This field is required').waitFor();
    await ui.field(page, 'Name').fill('loki');
    await typeYaml(page, 'labels:\n  env: prod\nspec:\n  loki:\n    url: http://127.0.0.1:3100\n');
    await ui.save(page).click();
    await ui.toast(page, 'loki created successfully').waitFor();
    await page.waitForURL(/\/settings\/logging_backends$/);
    await page.getByRole('row', { name: /loki/ }).waitFor();
    const stored = await e2e.server.db.kysely
      .selectFrom('logging_backends')
      .select(['labels', 'spec'])
      .where('name', '=', 'loki')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ labels: { env: 'prod' }, spec: { loki: { url: 'http://127.0.0.1:3100' } } });
  });
});
