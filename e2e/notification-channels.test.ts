import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/server/src/clock.js';
import { notificationOptionsFromConfig } from '../apps/server/src/notifications/config.js';
import { createEventConsumer } from '../apps/server/src/notifications/worker.js';
import { createCheck, setCheckStatus } from '../apps/server/test/notifications/fixtures.js';
import { type HttpPeer, startHttpPeer } from '../apps/server/test/notifications/peers.js';
import { dismissToasts, type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

// A person adds a notification rule that tells only a webhook connection, picked by name, and
// sees it fire: the local stand-in receives the post and the send history shows it sent.
describe('a notification rule to a webhook connection', () => {
  let e2e: E2E;
  let hook: HttpPeer;
  let page: Page;
  let checkId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    hook = await startHttpPeer();
    checkId = (await createCheck(e2e.server.db, 'checkout-api')).id;
    await adminApi(e2e, '/api/db/connections', {
      method: 'POST',
      body: JSON.stringify({ name: 'ops-webhook', type: 'generic_webhook', url: `${hook.url}/opsdeck` }),
    });
    await e2e.server.db.kysely.insertInto('teams').values({ name: 'Payments' }).execute();
    page = await e2e.page({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await e2e?.close();
    await hook?.close();
  });

  it('saves a rule telling only the connection and shows the send it fires', async () => {
    await page.goto('/settings/notifications');
    await page.getByRole('link', { name: 'Add notification rule' }).click();
    await page.waitForURL('**/settings/notifications/new');
    await page.getByRole('textbox', { name: /^Name\*?$/ }).fill('checkout-webhook');
    await page.getByRole('checkbox', { name: 'check.failed' }).check();
    await page.getByRole('textbox', { name: /^Title\*?$/ }).fill('{{.check.name}} failed');

    // a URL the scheme cannot deliver to is refused beside its row
    await page.getByRole('button', { name: 'Add channel' }).click();
    await page.getByRole('combobox', { name: 'Channel 1 kind' }).selectOption('Channel URL');
    await page.getByRole('combobox', { name: 'Channel 1 URL' }).fill('slack://webhook');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Slack URLs need a user (token) before @').waitFor();

    // the connection, by name
    await page.getByRole('combobox', { name: 'Channel 1 kind' }).selectOption('Connection');
    await page
      .getByRole('combobox', { name: 'Channel 1 connection' })
      .selectOption({ label: 'ops-webhook (generic_webhook)' });
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add channel' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'notification-rule-channels.png') });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('checkout-webhook created successfully').waitFor();
    await page.waitForURL(/\/settings\/notifications$/);
    await page
      .getByRole('row', { name: /checkout-webhook/ })
      .getByText('ops-webhook')
      .waitFor();

    const rule = await e2e.server.db.kysely
      .selectFrom('notifications')
      .select(['custom_services', 'person_id', 'team_id'])
      .where('name', '=', 'checkout-webhook')
      .executeTakeFirstOrThrow();
    expect(rule).toEqual({
      custom_services: [{ connection: 'connection://default/ops-webhook' }],
      person_id: null,
      team_id: null,
    });

    // the check fails: the rule fires through the connection to the stand-in
    const consumer = createEventConsumer(e2e.server.db.kysely, systemClock, {
      ...notificationOptionsFromConfig(e2e.server.db, e2e.server.ctx.config),
      timeoutMs: 3000,
    });
    await setCheckStatus(e2e.server.db, checkId, 'unhealthy', 'connection refused');
    await consumer.runOnce();
    await expect.poll(() => hook.requests.filter((r) => r.path === '/opsdeck').length).toBe(1);

    await page.goto('/notifications');
    const row = page.getByRole('table', { name: 'Send history' }).getByRole('row', { name: /checkout-webhook/ });
    await row.getByText('ops-webhook', { exact: true }).waitFor();
    await row.getByText('Sent', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'notification-channel-history.png') });
  });

  it('edits the rule in YAML and back without losing what the form does not show', async () => {
    await page.goto('/settings/notifications');
    await page
      .getByRole('row', { name: /checkout-webhook/ })
      .getByText('checkout-webhook')
      .click();
    await page.getByRole('button', { name: 'YAML', exact: true }).click();
    await page.getByText('connection: connection://default/ops-webhook').waitFor();
    // a field only the YAML view shows
    await page.getByRole('textbox', { name: 'notification rule YAML' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\ngroup_by:\n  - type\n');
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await page.getByRole('combobox', { name: /^Team\*?$/ }).selectOption({ label: 'Payments' });
    await page.getByLabel('Fallback after').fill('10m');
    await page.getByRole('button', { name: 'Add fallback channel' }).click();
    await page.getByRole('combobox', { name: 'Fallback channel 1 kind' }).selectOption('Email');
    await page.getByRole('textbox', { name: 'Fallback channel 1 email' }).fill('oncall@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/settings\/notifications$/);
    await page
      .getByRole('row', { name: /checkout-webhook/ })
      .getByText('Payments (team), ops-webhook')
      .waitFor();
  });
});
