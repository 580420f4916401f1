import { addPersonWithToken } from '@opsdeck/server/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// An administrator adds, edits and deletes a permission on /settings/permissions, and a second
// person (an editor signed in with their own access token, so their permission rows are loaded
// from the database) sees each change at their next visit.
const ui = {
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  row: (page: Page, text: string) =>
    page.getByRole('table', { name: 'Permissions' }).getByRole('row').filter({ hasText: text }),
  dialog: (page: Page) => page.getByRole('dialog'),
};
const UNAUTHORIZED = 'Unauthorized – You do not have permission to access this page';

describe('permissions settings', () => {
  let e2e: E2E;
  let admin: Page;
  let ed: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    const { token } = await addPersonWithToken(e2e.server.db, {
      email: 'ed@example.com',
      first: 'Ed',
      last: 'Itor',
      roles: ['editor'],
    });
    admin = await e2e.page({ as: 'admin' });
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    ed = await context.newPage();
    ed.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await ed?.context().close();
    await e2e?.close();
  });

  async function edSees(path: string, text: string) {
    await ed.goto(path);
    await ed.getByText(text).first().waitFor();
  }

  it('adds, edits and deletes a permission and the second user feels each', async () => {
    await edSees('/settings/canaries', 'Add health check');

    await admin.goto('/settings/permissions');
    await admin.getByRole('button', { name: 'Add Permission' }).click();
    const dialog = ui.dialog(admin);
    await dialog.getByRole('heading', { name: 'Add Permission' }).waitFor();
    // subject and resource are required
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This field is required').first().waitFor();

    await dialog.getByRole('radio', { name: 'Person' }).check();
    await dialog.getByRole('searchbox', { name: 'Search person' }).fill('Ed');
    await dialog.getByRole('combobox', { name: /^Person\*?$/ }).selectOption({ label: 'Ed Itor (ed@example.com)' });
    await dialog.getByRole('radio', { name: 'Global' }).check();
    await dialog.getByRole('combobox', { name: /^Object\*?$/ }).selectOption('canaries');
    await dialog.getByRole('combobox', { name: /^Action\*?$/ }).selectOption('read');
    await dialog.getByRole('checkbox', { name: /Deny/ }).check();
    await dialog.getByLabel('Description').fill('Ed keeps off health checks');
    await admin.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/permission-modal.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await ui.toast(admin, 'Permission added').waitFor();
    const row = ui.row(admin, 'Ed Itor');
    await row.getByText('deny').waitFor();
    await row.getByText('canaries').waitFor();
    await admin.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/permissions.png` });

    await edSees('/settings/canaries', UNAUTHORIZED);

    // edit: deny only creating; reading comes back, adding stays away
    await row.click();
    await ui.dialog(admin).getByRole('heading', { name: 'Edit Permission' }).waitFor();
    await ui
      .dialog(admin)
      .getByRole('combobox', { name: /^Action\*?$/ })
      .selectOption('create');
    await ui.dialog(admin).getByRole('button', { name: 'Save' }).click();
    await ui.toast(admin, 'Permission updated').waitFor();
    await ui.row(admin, 'Ed Itor').getByText('create').waitFor();

    await ed.goto('/settings/canaries');
    await ed.getByRole('table', { name: 'Health checks' }).waitFor();
    if (await ed.getByText('Add health check').isVisible()) throw new Error('the deny on create did not hide Add');

    // delete through the edit modal, with the confirmation
    await ui.row(admin, 'Ed Itor').click();
    await ui.dialog(admin).getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Are you sure you want to delete the permission?').waitFor();
    await admin.getByRole('dialog').filter({ hasText: 'Are you sure' }).getByRole('button', { name: 'Delete' }).click();
    await ui.toast(admin, 'Permission deleted').waitFor();
    await admin.getByText('No permissions yet').waitFor();

    await edSees('/settings/canaries', 'Add health check');
  });

  it('lets a notification be granted running playbooks from its Permissions tab', async () => {
    const playbook = await e2e.server.db.kysely
      .insertInto('playbooks')
      .values({ name: 'heal', spec: JSON.stringify({ actions: [{ name: 'a', exec: { script: 'true' } }] }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await e2e.server.db.kysely
      .insertInto('notifications')
      .values({
        name: 'auto-heal',
        events: ['check.failed'],
        custom_services: JSON.stringify([]),
        playbook_id: playbook.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // the rule runs a playbook it holds no grant for: its Spec says so and links to the grants
    await admin.goto(`/settings/notifications/${rule.id}`);
    const hint = admin.getByRole('note').filter({ hasText: 'holds no playbook:run permission' });
    await hint.getByRole('link', { name: 'Add a permission' }).waitFor();
    expect(await hint.getByRole('link').getAttribute('href')).toBe('/settings/permissions');
    await admin.getByRole('tab', { name: 'Permissions' }).click();
    await admin.getByRole('button', { name: 'Add Permission' }).click();
    const dialog = ui.dialog(admin);
    // the subject is this notification already
    expect(await dialog.getByRole('radio', { name: 'Notification' }).isChecked()).toBe(true);
    await dialog
      .getByRole('combobox', { name: /^Notification\*?$/ })
      .locator('option:checked')
      .filter({ hasText: 'default/auto-heal' })
      .waitFor({ state: 'attached' });
    await dialog.getByRole('combobox', { name: /^Object\*?$/ }).selectOption('playbooks');
    await dialog.getByRole('combobox', { name: /^Action\*?$/ }).selectOption('playbook:run');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await ui.toast(admin, 'Permission added').waitFor();
    await ui.row(admin, 'default/auto-heal').getByText('playbook:run').waitFor();
    const stored = await e2e.server.db.kysely
      .selectFrom('permissions')
      .select(['notification_id', 'object', 'action'])
      .where('notification_id', '=', rule.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ notification_id: rule.id, object: 'playbooks', action: 'playbook:run' });
    await admin.getByRole('tab', { name: 'Spec' }).click();
    await admin.getByRole('textbox', { name: /^Name\*?$/ }).waitFor();
    await hint.waitFor({ state: 'detached' });
  });

  it('adds a permission with an object selector and the second user sees only what it leaves', async () => {
    await e2e.server.db.kysely
      .insertInto('config_items')
      .values([
        { config_class: 'Database', type: 'SQL::Database', name: 'public-db', labels: JSON.stringify({ env: 'dev' }) },
        { config_class: 'Database', type: 'SQL::Database', name: 'secret-db', labels: JSON.stringify({ env: 'prod' }) },
      ])
      .execute();
    await edSees('/catalog', 'secret-db');

    await admin.goto('/settings/permissions');
    await admin.getByRole('button', { name: 'Add Permission' }).click();
    const dialog = ui.dialog(admin);
    await dialog.getByRole('radio', { name: 'Person' }).check();
    await dialog.getByRole('searchbox', { name: 'Search person' }).fill('Ed');
    await dialog.getByRole('combobox', { name: /^Person\*?$/ }).selectOption({ label: 'Ed Itor (ed@example.com)' });
    await dialog.getByRole('radio', { name: 'Selector' }).check();
    await dialog.getByRole('combobox', { name: /^Objects\*?$/ }).selectOption('configs');
    // an empty selector would pick every item: it is refused next to the field
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Set at least one of name, namespace, types or labels').waitFor();
    await dialog.getByRole('textbox', { name: 'Label selector' }).fill('env=prod');
    await dialog.getByRole('combobox', { name: /^Action\*?$/ }).selectOption('read');
    await dialog.getByRole('checkbox', { name: /Deny/ }).check();
    await admin.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/permission-selector.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await ui.toast(admin, 'Permission added').waitFor();
    await ui.row(admin, 'Ed Itor').getByText('Catalog items: labels env=prod').waitFor();

    await edSees('/catalog', 'public-db');
    expect(await ed.getByText('secret-db').count()).toBe(0);

    // switching the resource kind clears the selector: the row saved names one resource
    await ui.row(admin, 'Ed Itor').click();
    const edit = ui.dialog(admin);
    await edit.getByRole('heading', { name: 'Edit Permission' }).waitFor();
    expect(await edit.getByRole('textbox', { name: 'Label selector' }).inputValue()).toBe('env=prod');
    await edit.getByRole('radio', { name: 'Global' }).check();
    await edit.getByRole('radio', { name: 'Selector' }).check();
    expect(await edit.getByRole('textbox', { name: 'Label selector' }).inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses a viewer the page', async () => {
    const viewer = await e2e.page({ as: 'viewer' });
    await viewer.goto('/settings/permissions');
    await viewer.getByText(UNAUTHORIZED).waitFor();
  });
});
