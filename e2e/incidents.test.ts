import path from 'node:path';
import { testSubjectId, writeCheckResults } from '@opsdeck/server/test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// what a person sees, found by role and name
const ui = {
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Link to Incident' }),
  hypotheses: (page: Page) => page.getByRole('list', { name: 'Hypotheses' }),
  responders: (page: Page) => page.getByRole('list', { name: 'Responders' }),
  timeline: (page: Page) => page.getByRole('list', { name: 'Timeline' }),
  dod: (page: Page) => page.getByRole('list', { name: 'Definition of done' }),
  toasts: (page: Page) => page.getByRole('region', { name: 'Messages' }),
};

let e2e: E2E;
let checkId: string;

/** People, a team, and a check that passed for an hour and has just started failing. */
async function seed(): Promise<void> {
  const db = e2e.server.db.kysely;
  await sql`insert into people (id, name, email) values
    (${testSubjectId('admin')}, 'Ada Admin', 'ada@example.test'),
    (${testSubjectId('responder')}, 'Rui Responder', 'rui@example.test')`.execute(db);
  await sql`insert into people (name, email) values ('Bea Builder', 'bea@example.test')`.execute(db);
  await sql`insert into teams (name) values ('Payments SRE')`.execute(db);
  const canary = await sql<{ id: string }>`
    insert into canaries (name, spec) values ('payments', '{}'::jsonb) returning id`.execute(db);
  const check = await sql<{ id: string }>`
    insert into checks (canary_id, type, name, status, last_runtime, last_transition_time)
    values (${canary.rows[0]?.id}, 'http', 'payments-api', 'healthy', now() - interval '1 minute', now() - interval '1 hour')
    returning id`.execute(db);
  checkId = check.rows[0]?.id as string;
  // an hour of passing runs, then the check fails: stored as the engine stores results (with rollups)
  const now = Date.now();
  await writeCheckResults(e2e.server.db, [
    ...[55, 45, 35, 25, 15, 5].map((m) => ({
      checkId,
      time: new Date(now - m * 60_000),
      pass: true,
      duration: 120,
      message: 'HTTP 200',
    })),
    { checkId, time: new Date(now - 30_000), pass: false, duration: 3000, error: 'HTTP 503 Service Unavailable' },
  ]);
}

/** The history rows the triggers wrote for the incident, oldest first. */
async function historyTypes(incidentId: string): Promise<string[]> {
  const rows = await sql<{ type: string }>`
    select type from incident_histories where incident_id = ${incidentId} order by created_at, id`.execute(
    e2e.server.db.kysely,
  );
  return rows.rows.map((r) => r.type);
}

/** Opens the Link to Incident modal from the failing check's detail on the health page. */
async function linkFromCheckDetail(page: Page): Promise<void> {
  await page.goto(`/health?checkId=${checkId}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Link to Incident' }).click();
  await ui.dialog(page).waitFor();
}

/** Opens the Link to Incident modal from the failing checks shown above the incidents list. */
async function linkFromIncidentsList(page: Page): Promise<void> {
  await page.goto('/incidents');
  const failing = page.getByRole('region', { name: 'Failing checks' }).getByRole('listitem').filter({
    hasText: 'payments-api',
  });
  await failing.getByRole('button', { name: 'Link to Incident' }).click();
  await ui.dialog(page).waitFor();
}

describe('incidents', () => {
  beforeAll(async () => {
    e2e = await startE2E();
    await seed();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('links a failing check to a new incident and works the incident through to resolved', async () => {
    const page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
    await linkFromCheckDetail(page);
    const dialog = ui.dialog(page);

    // defaults of spec part 2 section 5, and the messages of an empty form
    expect(await dialog.getByLabel('Severity').inputValue()).toBe('low');
    expect(await dialog.getByLabel('Type').inputValue()).toBe('availability');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Severity').selectOption('');
    await dialog.getByRole('button', { name: 'Link' }).click();
    await dialog.getByText('Must select or create an incident').waitFor();
    await dialog.getByText('Please select incident severity').waitFor();

    await dialog.getByLabel('Title').fill('Payments API failing');
    await dialog.getByLabel('Severity').selectOption('high');
    await dialog.getByRole('button', { name: 'Link' }).click();
    const toast = ui.toasts(page).getByRole('status').filter({ hasText: 'Linked to incident successfully' });
    await toast.waitFor();
    await dialog.waitFor({ state: 'detached' });

    // the toast links to the incident
    await toast.getByRole('link', { name: 'View incident' }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    const incidentId = page.url().split('/').pop() as string;
    await page.getByRole('heading', { level: 2, name: 'Payments API failing' }).waitFor();
    const root = ui.hypotheses(page).getByRole('listitem').first();
    await root.getByText('payments-api').waitFor();
    // the check evidence shows its status and its uptime over the last day
    await root.getByText('Unhealthy').waitFor();
    expect(await root.getByText(/^uptime \d+(\.\d)?% \(1d\)$/).textContent()).not.toBe('uptime 100.0% (1d)');

    // a hypothesis
    await page.getByPlaceholder('What might be causing this?').fill('Database connection pool exhausted');
    await page.getByRole('button', { name: 'Add hypothesis' }).click();
    await ui.hypotheses(page).getByText('Database connection pool exhausted', { exact: true }).waitFor();
    await page.getByLabel('Status of Database connection pool exhausted').selectOption('likely');

    // a responder, then a team that is removed again
    const addResponder = page.getByLabel('Person or team');
    await addResponder.selectOption({ label: 'Bea Builder' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await ui.responders(page).getByText('Bea Builder').waitFor();
    await addResponder.selectOption({ label: 'Payments SRE' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await ui.responders(page).getByText('Payments SRE').waitFor();
    await page.getByRole('button', { name: 'Remove Payments SRE' }).click();
    await ui.responders(page).getByText('Payments SRE').waitFor({ state: 'detached' });

    // a plain-text comment
    await page.getByLabel('Comment', { exact: true }).fill('Pool at 100/100 since 10:02.\nRaising it to 200.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await ui.timeline(page).getByText('Pool at 100/100 since 10:02.').waitFor();

    // the evidence joins the definition of done, and is marked done
    await root.getByRole('button', { name: 'Add to definition of done' }).click();
    const done = ui.dod(page).getByRole('checkbox');
    await done.waitFor();
    await done.check();
    await page.waitForFunction(() =>
      Boolean((document.querySelector('ul[aria-label="Definition of done"] input') as HTMLInputElement)?.checked),
    );
    await page.getByRole('heading', { name: /Definition of done\s*1\/1/ }).waitFor();

    if (process.env.OPSDECK_SCREENSHOTS) {
      await page.screenshot({ path: path.resolve(import.meta.dirname, '../docs/screenshots/incident.png') });
    }

    // resolve
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: 'Resolve' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('resolved');

    // the history shows each step, newest first on the page
    const timeline = ui.timeline(page);
    await timeline.getByText('set the status to resolved').waitFor();
    const entries = (await timeline.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    const expected = [
      'set the status to resolved',
      'marked "payments-api is unhealthy" done',
      'added "payments-api is unhealthy" to the definition of done',
      'commented',
      'removed a team from the responders',
      'added a team as responder',
      'added a responder',
      'marked a hypothesis likely',
      'added the hypothesis "Database connection pool exhausted"',
      'attached evidence "payments-api is unhealthy"',
      'added the hypothesis "Payments API failing"',
      'declared the incident "Payments API failing"',
    ];
    expect(entries).toHaveLength(expected.length);
    expected.forEach((text, i) => {
      expect(entries[i]).toContain('Ada Admin');
      expect(entries[i]).toContain(text);
    });
    expect(await historyTypes(incidentId)).toEqual([
      'incident.created',
      'hypothesis.created',
      'evidence.created',
      'hypothesis.created',
      'hypothesis.status_updated',
      'responder.created',
      'responder.created',
      'responder.removed',
      'responder.commented',
      'evidence.done_definition_added',
      'evidence.done',
      'incident.status_updated',
    ]);

    // the list shows it with its commander-less row, severity and responders, and filters find it
    await page.goto('/incidents?status=resolved&severity=high');
    const row = page.getByRole('table', { name: 'Incidents' }).getByRole('row', { name: /Payments API failing/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('High');
    await page.goto('/incidents?status=open');
    await page.getByText('No incidents match these filters').waitFor();
  });

  it('links to an existing incident only with a hypothesis', async () => {
    const page = await e2e.page({ as: 'responder' });
    await page.goto('/incidents');
    await page.getByRole('button', { name: 'Create Incident' }).click();
    const create = page.getByRole('dialog', { name: 'Create Incident' });
    await create.getByLabel('Title').fill('Checkout latency');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 2, name: 'Checkout latency' }).waitFor();

    await linkFromIncidentsList(page);
    const dialog = ui.dialog(page);
    const incident = dialog.getByLabel('Incident', { exact: true });
    const option = incident.locator('option', { hasText: 'Checkout latency' });
    await incident.selectOption((await option.getAttribute('value')) as string);
    await dialog.getByRole('button', { name: 'Link' }).click();
    await dialog.getByText('Must select or create a hypothesis').waitFor();
    await dialog.getByLabel('New hypothesis').fill('Slow payments API');
    await dialog.getByRole('button', { name: 'Link' }).click();
    await ui.toasts(page).getByText('Linked to incident successfully').waitFor();
  });

  it('shows a viewer the incidents without Link to Incident or Create Incident', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/incidents');
    await page.getByRole('table', { name: 'Incidents' }).getByText('Payments API failing').waitFor();
    expect(await page.getByRole('button', { name: 'Link to Incident' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Incident' }).count()).toBe(0);
    await page.goto(`/health?checkId=${checkId}`);
    await page.getByRole('dialog').getByRole('heading', { name: 'payments-api' }).waitFor();
    expect(await page.getByRole('button', { name: 'Link to Incident' }).count()).toBe(0);
  });
});
