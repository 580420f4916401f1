import { loadConfig } from '@opsdeck/server';
import { Secret, type TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { type Mailbox, startMailbox } from './mailbox.js';

// A person signs up and looks after their own account, through the real pages, with real cookies
// (no test identity header), and emails caught by a real SMTP server.
const EMAIL = 'grace@example.com';
const PASSWORD = 'a-long-and-unguessable-passphrase';
const NEW_PASSWORD = 'another-long-unguessable-passphrase';

const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1 }),
  field: (page: Page, label: string) => page.getByLabel(label, { exact: false }),
  button: (page: Page, name: string) => page.getByRole('button', { name, exact: true }),
  section: (page: Page, name: string) => page.getByRole('region', { name }),
  userMenu: (page: Page) => page.getByRole('button', { name: 'User menu' }),
};

async function signOut(page: Page) {
  await ui.userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login\?/);
  await ui.heading(page).filter({ hasText: 'Sign In to your account' }).waitFor();
}

async function signInWithPassword(page: Page, password = PASSWORD) {
  await page.goto('/login');
  await ui.heading(page).filter({ hasText: 'Sign In to your account' }).waitFor();
  await ui.field(page, 'ID').fill(EMAIL);
  await ui.field(page, 'Password').fill(password);
  await ui.button(page, 'Sign in').click();
}

describe('sign-up, verification, two factors and recovery in the browser', () => {
  let e2e: E2E;
  let mail: Mailbox;
  let totp: TOTP;
  const totpBase = 0;
  const backupCodes: string[] = [];

  beforeAll(async () => {
    mail = await startMailbox();
    const { identity } = loadConfig({
      LOG_LEVEL: 'silent',
      SMTP_URL: mail.url,
      OPSDECK_DEFAULT_ROLE: 'viewer',
      OPSDECK_AUTH_RATE_LIMIT: '1000',
    });
    e2e = await startE2E({ config: { identity } });
  });
  afterAll(async () => {
    await e2e?.close();
    await mail?.close();
  });

  let page: Page;

  it('signs up and verifies the email with the emailed code', async () => {
    page = await e2e.page({ as: null });
    await page.goto('/registration');
    await ui.heading(page).filter({ hasText: 'Create account' }).waitFor();
    expect(await page.title()).toBe('Create account | OpsDeck');
    await ui.field(page, 'E-Mail').fill(EMAIL);
    await ui.field(page, 'First Name').fill('Grace');
    await ui.field(page, 'Last Name').fill('Hopper');
    await ui.field(page, 'Password').fill(PASSWORD);
    await ui.button(page, 'Sign up').click();

    await page.waitForURL(/\/verification\?flow=/);
    await ui.heading(page).filter({ hasText: 'Verify your account' }).waitFor();
    const code = await mail.codeFor(EMAIL);
    await ui.field(page, 'Verification code').fill(code);
    await ui.button(page, 'Continue').click();
    await page.getByText('You successfully verified your email address.').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await ui.userMenu(page).waitFor();
  });
});
