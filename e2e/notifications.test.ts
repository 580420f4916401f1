import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// what a person sees, found by role and name
const ui = {
  table: (page: Page, name: string) => page.getByRole('table', { name }),
  rows: (page: Page, name: string) => ui.table(page, name).locator('tbody tr'),
  dialog: (page: Page) => page.getByRole('dialog'),
};

interface Seed {
  checkId: string;
  failedSendId: string;
}

/** A check, a rule, and three sends about the check (sent, error, silenced) straight into the database. */
async function seed(e2e: E2E): Promise<Seed> {
  const db = e2e.server.db.kysely;
  const canary = await sql<{ id: string }>`
    insert into canaries (name, namespace, spec) values ('web', 'default', '{}'::jsonb) returning id`.execute(db);
  const canaryId = canary.rows[0]?.id as string;
  const check = await sql<{ id: string }>`
    insert into checks (canary_id, type, name, namespace, status)
    values (${canaryId}, 'http', 'checkout-api', 'default', 'unhealthy') returning id`.execute(db);
  const checkId = check.rows[0]?.id as string;
  const rule = await sql<{ id: string }>`
    insert into notifications (name, namespace, events, custom_services)
    values ('oncall-checks', 'default', '{check.failed,check.passed}', '[{"email":"oncall@example.com"}]'::jsonb)
    returning id`.execute(db);
  const ruleId = rule.rows[0]?.id as string;
  const resource = JSON.stringify({ kind: 'check', type: 'http', name: 'checkout-api' });
  const send = (status: string, title: string, body: string, error: string | null, minutesAgo: number) =>
    sql<{
      id: string;
    }>`
    insert into notification_send_history
      (notification_id, status, source_event, resource_id, resource, body, body_payload, recipient, error, created_at)
    values (${ruleId}, ${status}, 'check.failed', ${checkId}, ${resource}::jsonb, ${body},
      ${JSON.stringify({ title })}::jsonb, 'oncall@example.com', ${error}, now() - make_interval(mins => ${minutesAgo}))
    returning id`.execute(db);
  await send('sent', 'Check checkout-api has failed', '**Type:** http', null, 30);
  const failed = await send(
    'error',
    'Check checkout-api failed again',
    '**Error:** connection refused\n<script>window.pwned = true</script>\n[Open in OpsDeck](https://ops.example.com/health)',
    'smtp: 550 mailbox unavailable',
    10,
  );
  await send('silenced', 'Check checkout-api flapping', 'held back', null, 5);
  return { checkId, failedSendId: failed.rows[0]?.id as string };
}

describe('notifications pages', () => {
  let e2e: E2E;
  let data: Seed;
  beforeAll(async () => {
    e2e = await startE2E();
    data = await seed(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists the send history, filters it by status and opens a send with its body rendered safely', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/notifications');
    const rows = ui.rows(page, 'Send history');
    await expect.poll(() => rows.count()).toBe(3);
    // newest first
    expect(await rows.first().textContent()).toContain('Check checkout-api flapping');

    await page.getByLabel('Status').selectOption('error');
    await page.waitForURL(/status=error/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Error');

    await rows
      .first()
      .getByRole('button', { name: /failed again/ })
      .click();
    const dialog = ui.dialog(page);
    await dialog.getByRole('heading', { name: 'Check checkout-api failed again' }).waitFor();
    await page.waitForURL(new RegExp(`id=${data.failedSendId}`));
    expect(await dialog.getByRole('region', { name: 'Error' }).textContent()).toContain(
      'smtp: 550 mailbox unavailable',
    );
    const message = dialog.getByRole('region', { name: 'Message' });
    expect(await message.locator('strong').textContent()).toBe('Error:');
    // the HTML in the body is shown as text, never run
    expect(await message.textContent()).toContain('<script>window.pwned = true</script>');
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
    expect(await message.getByRole('link', { name: 'Open in OpsDeck' }).getAttribute('href')).toBe(
      'https://ops.example.com/health',
    );

    await dialog.getByRole('link', { name: 'checkout-api' }).click();
    await page.waitForURL(`**/notifications/resource/${data.checkId}`);
    await expect.poll(() => ui.rows(page, 'Send history').count()).toBe(3);
  });

  it('shows a rule with its last error and pauses and resumes it', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/notifications/rules');
    const row = ui.rows(page, 'Notification rules').filter({ hasText: 'oncall-checks' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Pause oncall-checks' }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('paused by');
    await row.getByRole('button', { name: 'Resume oncall-checks' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
  });

  it('creates a silence from the form and lists it', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/notifications/silences');
    await page.getByRole('link', { name: 'Add silence' }).click();
    await page.waitForURL('**/notifications/silences/add');

    await page.getByLabel('Resource type').selectOption('check');
    await page.getByLabel('Check', { exact: true }).selectOption({ label: 'checkout-api (http)' });
    await page.getByLabel('Until').fill('');
    await page.getByText('Indefinitely: the silence holds until deleted').waitFor();
    await page.getByLabel('Until').fill('now+2h');
    await page.getByLabel('Recursive').check();
    await page.getByLabel('Filter').fill('check.type == "http"');
    await page.getByLabel('Description').fill('Planned database maintenance');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL('**/notifications/silences');
    await page.getByText('Silence created successfully').waitFor();
    const row = ui.rows(page, 'Silences').filter({ hasText: 'Planned database maintenance' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('checkout-api');
    expect(text).toContain('and its children');
    expect(text).toContain('check.type == "http"');
    expect(text).toContain('Active');
  });

  it('refuses a bad until before sending and shows the server message for a bad filter', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto(`/notifications/silences/add?check_id=${data.checkId}`);
    await page.getByLabel('Until').fill('tomorrow');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'is not a time' }).waitFor();

    await page.getByLabel('Until').fill('now+1h');
    await page.getByLabel('Filter').fill('check.type ==');
    await page.getByRole('button', { name: 'Save' }).click();
    // the server's message, next to the form (not also as a toast)
    await page
      .getByRole('alert')
      .filter({ hasText: /^filter: / })
      .waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'filter:' }).count()).toBe(1);
    expect(page.url()).toContain('/notifications/silences/add');
  });

  it('keeps a viewer out of the add page with the unauthorized text, and hides Add silence', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/notifications/silences/add');
    await page
      .getByRole('heading', { name: 'Unauthorized – You do not have permission to access this page' })
      .waitFor();
    expect(await page.getByLabel('Resource type').count()).toBe(0);

    await page.goto('/notifications/silences');
    await ui.rows(page, 'Silences').filter({ hasText: 'Planned database maintenance' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add silence' }).count()).toBe(0);
  });

  it('shows the event queue: pending, failed, attempts and the last error', async () => {
    const db = e2e.server.db.kysely;
    await sql`insert into event_queue (name, event_id, properties, error, attempts, last_attempt)
      values ('check.failed', gen_random_uuid(), '{}'::jsonb, 'smtp: 550 mailbox unavailable', 3, now()),
             ('check.failed', gen_random_uuid(), '{}'::jsonb, null, 0, null),
             ('config.changed', gen_random_uuid(), '{}'::jsonb, null, 0, null)`.execute(db);
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/settings/event-queue-status');
    const row = ui.rows(page, 'Event queue').filter({ hasText: 'check.failed' });
    await row.waitFor();
    const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
    // event, pending, failed, average attempts, first failure, last failure, last error
    expect(cells.slice(0, 4)).toEqual(['check.failed', '1', '1', '1.5']);
    expect(cells[6]).toBe('smtp: 550 mailbox unavailable');
  });
});
