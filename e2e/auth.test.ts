import { loadConfig } from '@opsdeck/server';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
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
  // labels of required fields end in ' *'
  field: (page: Page | Locator, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`)),
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
  await ui.field(page, 'Email').fill(EMAIL);
  await ui.field(page, 'Password').fill(password);
  await ui.button(page, 'Sign in').click();
}

describe('sign-up, verification, two factors and recovery in the browser', () => {
  let e2e: E2E;
  let mail: Mailbox;
  let totp: TOTP | undefined;
  let linkedAt = 0;
  let backupCodes: string[] = [];

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

  it('signs out and in again with the password', async () => {
    await signOut(page);
    await ui.field(page, 'Email').fill(EMAIL);
    await ui.field(page, 'Password').fill('not-the-password');
    await ui.button(page, 'Sign in').click();
    await page.getByRole('alert').filter({ hasText: 'credentials are invalid' }).waitFor();
    await ui.field(page, 'Password').fill(PASSWORD);
    await ui.button(page, 'Sign in').click();
    await ui.userMenu(page).waitFor();
    await ui.userMenu(page).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Grace Hopper').waitFor();
    await menu.getByText('Viewer').waitFor();
    await page.keyboard.press('Escape');
  });

  it('enables an authenticator app and backup codes in profile settings', async () => {
    await ui.userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await page.waitForURL(/\/profile-settings\?flow=/);
    const app = ui.section(page, 'Manage 2FA TOTP Authenticator App');
    await app.getByRole('img', { name: 'Authenticator app QR code' }).waitFor();
    const secret = (await app.getByTestId('totp_secret_key').textContent())?.trim() ?? '';
    totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    linkedAt = Date.now();
    await app.getByLabel('Verify code').fill(totp.generate({ timestamp: linkedAt }));
    await app.getByRole('button', { name: 'Save' }).click();
    await app.getByText('Your changes have been saved!').waitFor();
    await app.getByRole('button', { name: 'Unlink TOTP Authenticator App' }).waitFor();

    const codes = ui.section(page, 'Manage 2FA Backup Recovery Codes');
    await codes.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    const list = codes.getByRole('list');
    await list.waitFor();
    backupCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    await codes.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
    await codes.getByText('Your changes have been saved!').waitFor();
  });

  it('asks for the second factor at sign-in and accepts the app code', async () => {
    await page.getByRole('link', { name: 'Go back' }).click();
    await signOut(page);
    await signInWithPassword(page);
    await ui.heading(page).filter({ hasText: 'Two-Factor Authentication' }).waitFor();
    // the code of the next time step: the one used to link the app may not be used again
    await ui.field(page, 'Authentication code').fill(totp?.generate({ timestamp: linkedAt + 30_000 }) ?? '');
    await ui.button(page, 'Use Authenticator').click();
    await ui.userMenu(page).waitFor();
  });

  it('accepts a backup code once and refuses it the second time', async () => {
    const code = backupCodes[0] ?? '';
    await signOut(page);
    await signInWithPassword(page);
    await ui.heading(page).filter({ hasText: 'Two-Factor Authentication' }).waitFor();
    await ui.field(page, 'Backup recovery code').fill(code);
    await ui.button(page, 'Use backup recovery code').click();
    await ui.userMenu(page).waitFor();

    await signOut(page);
    await signInWithPassword(page);
    await ui.heading(page).filter({ hasText: 'Two-Factor Authentication' }).waitFor();
    await ui.field(page, 'Backup recovery code').fill(code);
    await ui.button(page, 'Use backup recovery code').click();
    await page.getByRole('alert').filter({ hasText: 'This backup recovery code has already been used.' }).waitFor();
    expect(page.url()).toContain('/login');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await ui.heading(page).filter({ hasText: 'Sign In to your account' }).waitFor();
  });

  it('recovers a forgotten password with an emailed code', async () => {
    await page.getByRole('link', { name: 'Reset password' }).click();
    await ui.heading(page).filter({ hasText: 'Recover account' }).waitFor();
    const before = mail.count(EMAIL);
    await ui.field(page, 'Email').fill(EMAIL);
    await page
      .getByRole('button', { name: /^(Submit|Continue)$/ })
      .first()
      .click();
    const code = await mail.codeFor(EMAIL, before);
    await ui.field(page, 'Recovery code').fill(code);
    await page
      .getByRole('button', { name: /^(Submit|Continue)$/ })
      .first()
      .click();
    // the account has a second factor: the recovered session completes it before settings open
    await ui.heading(page).filter({ hasText: 'Two-Factor Authentication' }).waitFor();
    await ui.field(page, 'Backup recovery code').fill(backupCodes[1] ?? '');
    await ui.button(page, 'Use backup recovery code').click();
    await page.waitForURL(/\/profile-settings/);
    const password = ui.section(page, 'Change Password');
    await ui.field(password, 'Password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Save' }).click();
    await password.getByText('Your changes have been saved!').waitFor();
    // messages clear by themselves after 10 s
    await password.getByText('Your changes have been saved!').waitFor({ state: 'detached', timeout: 15_000 });

    await page.goto('/topology');
    await signOut(page);
    await signInWithPassword(page, NEW_PASSWORD);
    await ui.heading(page).filter({ hasText: 'Two-Factor Authentication' }).waitFor();
  });

  it('signs every other browser out when the sessions are revoked', async () => {
    await ui.field(page, 'Backup recovery code').fill(backupCodes[2] ?? '');
    await ui.button(page, 'Use backup recovery code').click();
    await ui.userMenu(page).waitFor();

    const other = await e2e.page({ as: null });
    await signInWithPassword(other, NEW_PASSWORD);
    await ui.field(other, 'Backup recovery code').fill(backupCodes[3] ?? '');
    await ui.button(other, 'Use backup recovery code').click();
    await ui.userMenu(other).waitFor();

    await page.goto('/profile-settings');
    const sessions = ui.section(page, 'Active Sessions');
    await sessions.getByRole('list', { name: 'Other sessions' }).getByRole('listitem').first().waitFor();
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await sessions.getByText('You are not signed in anywhere else.').waitFor();

    await other.reload();
    await other.waitForURL(/\/login\?return_to=/);
    await ui.heading(other).filter({ hasText: 'Sign In to your account' }).waitFor();
    // this browser keeps its session
    await page.goto('/topology');
    await ui.userMenu(page).waitFor();
  });
});
