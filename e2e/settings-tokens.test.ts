import { addPersonWithToken } from '@opsdeck/server/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// A person creates a read-only access token on /settings/tokens, sees it once, and the server
// refuses a write made with it; revoking it ends it.
const ui = {
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  dialog: (page: Page) => page.getByRole('dialog'),
};

describe('access tokens settings', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    // a real person signed in with a password (the test identity header has no person row to own
    // tokens, and a token-signed browser could only mint tokens that die with its own)
    await addPersonWithToken(e2e.server.db, { email: 'ed@example.com', first: 'Ed', roles: ['editor'] });
    page = await e2e.page({ as: null });
    await page.goto('/login');
    await page.getByLabel(/^Email( \*)?$/).fill('ed@example.com');
    await page.getByLabel(/^Password( \*)?$/).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${e2e.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('creates a read-only token shown once, and a write with it is refused', async () => {
    await page.goto('/settings/tokens');
    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = ui.dialog(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByRole('textbox', { name: /^Name\*?$/ }).fill('ci-reader');
    expect(await dialog.getByRole('combobox', { name: 'Expiry' }).inputValue()).toBe('90 days');
    expect(await dialog.getByRole('option', { name: '180 days' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Read' }).check();
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByRole('combobox', { name: 'Access to playbooks' }).selectOption('Run');
    await dialog.getByRole('radio', { name: 'Read' }).check();
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/token-create.png` });
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = dialog.getByRole('textbox', { name: 'New token' });
    await dialog.getByText('it will be shown only once').waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^opsdeck_at_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('table', { name: 'Tokens' }).getByRole('row').filter({ hasText: 'ci-reader' });
    await row.getByText('Read', { exact: true }).waitFor();
    // the secret is not shown again
    expect(await page.getByText(token).count()).toBe(0);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/tokens.png` });

    expect((await api(token, 'GET', '/api/db/canaries?select=id')).status).toBe(200);
    const write = await api(token, 'POST', '/api/db/canaries', { name: 'nope', spec: {} });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { message: string }).message).toContain("outside the access token's scope");

    await row.getByRole('button', { name: 'Revoke ci-reader' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await ui.toast(page, 'ci-reader deleted successfully').waitFor();
    expect((await api(token, 'GET', '/api/db/canaries?select=id')).status).toBe(401);
  });
});
