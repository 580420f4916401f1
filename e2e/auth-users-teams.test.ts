import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type E2E, startE2E } from './harness.js';

// An administrator manages people and teams on the Users and Teams settings pages.
const ui = {
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  row: (page: Page, table: string, text: string) =>
    page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text }),
  dialog: (page: Page) => page.getByRole('dialog'),
};

describe('users and teams settings', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.page({ as: 'admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('invites a user and changes their role', async () => {
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = ui.dialog(page);
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Email').fill('ada@example.com');
    await dialog.getByLabel('Role').selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await ui.toast(page, 'Invitation sent to ada@example.com').waitFor();
    await ui.row(page, 'Users', 'ada@example.com').getByText('editor').waitFor();

    await page.getByRole('button', { name: 'Change role of Ada Lovelace' }).click();
    await ui.dialog(page).getByLabel('Role').selectOption('responder');
    await ui.dialog(page).getByRole('button', { name: 'Save' }).click();
    await ui.toast(page, 'Ada Lovelace updated successfully').waitFor();
    await ui.row(page, 'Users', 'ada@example.com').getByText('responder').waitFor();
  });

  it('creates a team, adds and removes a member', async () => {
    await page.goto('/settings/teams');
    await page.getByRole('link', { name: 'Add team' }).click();
    await page.waitForURL('**/settings/teams/new');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('SRE');
    await page.getByRole('button', { name: 'Save' }).click();
    await ui.toast(page, 'SRE created successfully').waitFor();
    // saving returns to the list (spec part 1); members are added from the team's own detail
    await page.waitForURL(/\/settings\/teams$/);
    await ui.row(page, 'Teams', 'SRE').click();
    await page.waitForURL(/\/settings\/teams\/[0-9a-f-]{36}/);
    // the generic editor: Spec, Members and Job History (spec part 2 section 2)
    const tabs = page.getByRole('tablist', { name: 'team' }).getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Spec', 'Members0', 'Job History']);
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: /Members/ }).click();
    await page.getByText("You haven't added any team members to the team yet.").waitFor();

    await page.getByRole('button', { name: 'Add members' }).click();
    await ui.dialog(page).getByPlaceholder('Search by name or email').fill('ada');
    await ui.dialog(page).getByRole('checkbox').check();
    await ui.dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    await ui.toast(page, 'Ada Lovelace added to the team successfully').waitFor();
    const members = page.getByRole('list', { name: 'Team members' });
    await members.getByText('ada@example.com').waitFor();
    await expect.poll(() => page.getByRole('tab', { name: /Members/ }).textContent()).toBe('Members1');
    await dismissToasts(page);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/team-detail.png` });

    await page.getByRole('button', { name: 'Remove Ada Lovelace' }).click();
    await ui.dialog(page).getByRole('button', { name: 'Remove' }).click();
    await ui.toast(page, 'Ada Lovelace removed from team successfully').waitFor();
    await page.getByText("You haven't added any team members to the team yet.").waitFor();

    await page.getByRole('link', { name: 'Teams' }).first().click();
    await ui.row(page, 'Teams', 'SRE').waitFor();
  });

  it('cancels an edit of a team back to the list without saving', async () => {
    await page.goto('/settings/teams');
    await ui.row(page, 'Teams', 'SRE').click();
    await page.getByLabel('Icon').fill('users');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/settings\/teams$/);
    await ui.row(page, 'Teams', 'SRE').waitFor();
    const team = await e2e.server.db.kysely
      .selectFrom('teams')
      .select('icon')
      .where('name', '=', 'SRE')
      .executeTakeFirst();
    expect(team?.icon).toBe('group');
  });

  it('deletes a team from its detail after the confirmation', async () => {
    await page.goto('/settings/teams');
    await ui.row(page, 'Teams', 'SRE').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await ui.dialog(page).getByText('Are you sure you want to delete this resource?').waitFor();
    await ui.dialog(page).getByRole('button', { name: 'Delete' }).click();
    await ui.toast(page, 'SRE deleted successfully').waitFor();
    await page.waitForURL(/\/settings\/teams$/);
    await ui.row(page, 'Teams', 'SRE').waitFor({ state: 'detached' });
    // a soft delete: people, rules and incidents may still name the team
    const team = await e2e.server.db.kysely
      .selectFrom('teams')
      .select('deleted_at')
      .where('name', '=', 'SRE')
      .executeTakeFirst();
    expect(team?.deleted_at).not.toBeNull();
  });

  it('keeps a team from another source read-only, with a link to its origin', async () => {
    const team = await e2e.server.db.kysely
      .insertInto('teams')
      .values({ name: 'platform', icon: 'group', source: 'KubernetesCRD' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await page.goto(`/settings/teams/${team.id}`);
    const note = page.getByRole('note');
    await expect.poll(() => note.textContent()).toContain('Read-only');
    expect(await note.getByRole('link').getAttribute('href')).toBe('/catalog?type=Kubernetes::Team');
    expect(await page.getByLabel('Icon').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // the way back is the breadcrumb
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL(/\/settings\/teams$/);
  });

  it('deletes a user', async () => {
    await page.goto('/settings/users');
    await page.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
    await ui.dialog(page).getByText('Are you sure you want to delete this resource?').waitFor();
    await ui.dialog(page).getByRole('button', { name: 'Delete' }).click();
    await ui.toast(page, 'Ada Lovelace deleted successfully').waitFor();
    await ui.row(page, 'Users', 'ada@example.com').waitFor({ state: 'detached' });
  });
});
