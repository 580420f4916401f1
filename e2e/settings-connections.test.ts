import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// what a person sees, found by role and name
const ui = {
  rows: (page: Page) => page.getByRole('table', { name: 'Connections' }).locator('tbody tr'),
  row: (page: Page, name: string) => ui.rows(page).filter({ hasText: name }),
  dialog: (page: Page) => page.getByRole('dialog'),
  outcome: (page: Page) => page.getByRole('status', { name: 'Connection test' }),
};

const SECRET = 's3cret-pass-9f2';

async function stored(e2e: E2E, name: string) {
  const rows = await sql<{ id: string; type: string; url: string; password: string | null; properties: unknown }>`
    select id, type, url, password, properties from connections where name = ${name}`.execute(e2e.server.db.kysely);
  return rows.rows[0];
}

describe('connections settings', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a connection with the type fields, required markers and defaults, secrets masked', async () => {
    const page = await e2e.page();
    await page.goto('/settings/connections');
    await page.getByRole('button', { name: 'Add connection' }).click();
    const dialog = ui.dialog(page);

    // defaults of the spec per type
    await dialog.getByLabel('Type', { exact: true }).selectOption('redis');
    expect(await dialog.getByLabel('Database', { exact: true }).inputValue()).toBe('0');
    await dialog.getByLabel('Type', { exact: true }).selectOption('sftp');
    expect(await dialog.getByLabel('Port', { exact: true }).inputValue()).toBe('22');
    await dialog.getByLabel('Type', { exact: true }).selectOption('email');
    expect(await dialog.getByLabel('Port', { exact: true }).inputValue()).toBe('587');
    expect(await dialog.getByLabel('Encryption', { exact: true }).inputValue()).toBe('Auto');
    expect(await dialog.getByLabel('Authentication', { exact: true }).inputValue()).toBe('Unknown');
    await dialog.getByLabel('Type', { exact: true }).selectOption('generic_webhook');
    expect(await dialog.getByLabel('Method', { exact: true }).inputValue()).toBe('POST');

    // required fields are marked and called out
    await dialog.getByLabel('Type', { exact: true }).selectOption('postgres');
    expect(await dialog.getByLabel('Connection URL', { exact: true }).getAttribute('required')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(2);

    await dialog.getByLabel('Name', { exact: true }).fill('orders-db');
    // nothing listens on port 1
    await dialog.getByLabel('Connection URL', { exact: true }).fill('postgres://postgres@127.0.0.1:1/test');
    await dialog.getByLabel('Password', { exact: true }).fill(SECRET);
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('orders-db created successfully').count()).toBe(1);
    await expect.poll(() => ui.row(page, 'orders-db').count()).toBe(1);
    expect(await ui.row(page, 'orders-db').textContent()).toContain('PostgreSQL');

    // stored sealed, and never sent back to the browser
    const row = await stored(e2e, 'orders-db');
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toBe(SECRET);
    await ui.row(page, 'orders-db').getByText('orders-db').click();
    const edit = ui.dialog(page);
    await expect.poll(() => edit.getByLabel('Password', { exact: true }).getAttribute('placeholder')).toBe('********');
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    // name, namespace and type are fixed once saved
    expect(await edit.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await edit.getByLabel('Namespace', { exact: true }).isDisabled()).toBe(true);
    expect(await edit.getByLabel('Type', { exact: true }).isDisabled()).toBe(true);
  });

  it('shows the failure of a connection test against a closed port', async () => {
    const page = await e2e.page();
    await page.goto('/settings/connections');
    await ui.row(page, 'orders-db').getByRole('button', { name: 'Test orders-db' }).click();
    await expect.poll(() => page.getByText(/orders-db: connection test failed/).count()).toBe(1);

    await ui.row(page, 'orders-db').getByText('orders-db').click();
    await ui.dialog(page).getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => ui.outcome(page).textContent(), { timeout: 30_000 }).toContain('connection test failed');
    expect(await ui.outcome(page).textContent()).toMatch(/ECONNREFUSED|refused/i);
  });

  it('edits the URL to the real database and the test passes, keeping the stored password', async () => {
    const before = await stored(e2e, 'orders-db');
    const page = await e2e.page();
    await page.goto('/settings/connections');
    await ui.row(page, 'orders-db').getByText('orders-db').click();
    const dialog = ui.dialog(page);
    await dialog.getByLabel('Connection URL', { exact: true }).fill('postgres://postgres@127.0.0.1:5432/test');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('orders-db updated successfully').count()).toBe(1);
    const after = await stored(e2e, 'orders-db');
    expect(after?.url).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(after?.password).toBe(before?.password);

    await ui.row(page, 'orders-db').getByRole('button', { name: 'Test orders-db' }).click();
    await expect.poll(() => page.getByText('orders-db: connection successful').count(), { timeout: 30_000 }).toBe(1);
  });

  it('lets an editor look and test but not add, change or delete; a viewer may not open the page', async () => {
    const page = await e2e.page({ as: 'editor' });
    await page.goto('/settings/connections');
    await expect.poll(() => ui.row(page, 'orders-db').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add connection' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete orders-db' }).count()).toBe(0);
    await ui.row(page, 'orders-db').getByText('orders-db').click();
    const dialog = ui.dialog(page);
    await expect.poll(() => dialog.getByRole('button', { name: 'Test' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await dialog.getByLabel('Connection URL', { exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => ui.outcome(page).textContent(), { timeout: 30_000 }).toContain('connection successful');

    // connections hold credentials: viewers do not read them at all
    const viewer = await e2e.page({ as: 'viewer' });
    await viewer.goto('/settings/connections');
    await expect.poll(() => viewer.getByText('You do not have permission to access this page').count()).toBe(1);
    expect(await viewer.getByRole('table', { name: 'Connections' }).count()).toBe(0);
  });

  it('deletes a connection after the confirmation, with the toast', async () => {
    const page = await e2e.page();
    await page.goto('/settings/connections');
    await ui.row(page, 'orders-db').getByRole('button', { name: 'Delete orders-db' }).click();
    const dialog = ui.dialog(page);
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to delete this resource?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('orders-db deleted successfully').count()).toBe(1);
    await expect.poll(() => ui.row(page, 'orders-db').count()).toBe(0);
  });
});
