import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type E2E, startE2E } from './harness.js';

// what a person sees, found by role and name
const ui = {
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
  delete: (page: Page) => page.getByRole('button', { name: 'Delete', exact: true }),
  check: (page: Page, title: string) => page.getByRole('group', { name: title }),
  derived: (page: Page) => page.getByRole('region', { name: 'Derived checks' }),
  yaml: (page: Page) => page.getByRole('textbox', { name: 'Health check YAML' }),
  problems: (page: Page) => page.getByRole('list', { name: 'Problems' }),
};

/** Replaces the YAML editor's whole text as a person pasting would. */
async function typeYaml(page: Page, text: string): Promise<void> {
  const editor = ui.yaml(page);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function canaryByName(e2e: E2E, name: string) {
  const rows = await sql<{ id: string; namespace: string; source: string; spec: Record<string, unknown> }>`
    select id, namespace, source, spec from canaries where name = ${name} and deleted_at is null`.execute(
    e2e.server.db.kysely,
  );
  return rows.rows[0];
}

async function checksOf(e2e: E2E, canaryId: string) {
  const rows = await sql<{ type: string; name: string }>`
    select type, name from checks where canary_id = ${canaryId} and deleted_at is null order by name`.execute(
    e2e.server.db.kysely,
  );
  return rows.rows;
}

describe('health check settings', () => {
  let e2e: E2E;
  let crdId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    const crd = await sql<{ id: string }>`
      insert into canaries (name, namespace, spec, source)
      values ('cluster-dns', 'kube-system', '{"schedule":"@every 5m","dns":[{"name":"kube-dns","query":"kubernetes.default"}]}'::jsonb, 'KubernetesCRD')
      returning id`.execute(e2e.server.db.kysely);
    crdId = crd.rows[0]?.id as string;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates a canary from the form builder, with required fields, HTTP method rules and its checks derived', async () => {
    const page = await e2e.page();
    await page.goto('/settings/canaries');
    await page.getByRole('link', { name: 'Add health check' }).click();
    await page.waitForURL('**/settings/canaries/new');

    // nothing filled in: the required name is called out
    await ui.save(page).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBeGreaterThan(0);

    await page.getByLabel('Name', { exact: true }).fill('payments-api');
    await page.getByLabel('Schedule').selectOption('@every 30m');
    await page.getByLabel('Check type').selectOption('http');
    await page.getByRole('button', { name: 'Add check' }).click();
    const http = ui.check(page, 'HTTP check 1');
    // the method starts at GET and a body is only offered for POST and PUT
    expect(await http.getByLabel('Method').inputValue()).toBe('GET');
    expect(await http.getByLabel('Body').count()).toBe(0);
    await http.getByLabel('Method').selectOption('POST');
    await http.getByLabel('Body').fill('{"ping":true}');
    await http.getByLabel('Method').selectOption('GET');
    expect(await http.getByLabel('Body').count()).toBe(0);

    // a check without its URL cannot be saved
    await http.getByLabel('Name', { exact: true }).fill('homepage');
    await ui.save(page).click();
    await expect.poll(() => http.getByText('This field is required').count()).toBe(1);
    await http.getByLabel('URL').fill(`${e2e.server.url}/health`);
    await http.getByRole('checkbox', { name: '200' }).check();

    await page.getByLabel('Check type').selectOption('redis');
    await page.getByRole('button', { name: 'Add check' }).click();
    const redis = ui.check(page, 'Redis check 1');
    expect(await redis.getByLabel('Database').inputValue()).toBe('0'); // spec default
    await redis.getByLabel('Name', { exact: true }).fill('cache');
    await redis.getByLabel('Address').fill('127.0.0.1:6379');
    await redis.getByLabel('Threshold (ms)').fill('fast');
    await ui.save(page).click();
    await expect.poll(() => redis.getByText('This field must be a number').count()).toBe(1);
    await redis.getByLabel('Threshold (ms)').fill('500');

    // the YAML view shows the same document, and the form keeps it on the way back
    await page.getByRole('button', { name: 'YAML' }).click();
    await expect.poll(() => ui.yaml(page).textContent()).toContain('responseCodes');
    const text = (await ui.yaml(page).textContent()) ?? '';
    expect(text).toContain('db: 0');
    expect(text).not.toContain('body:');
    await page.getByRole('button', { name: 'Form' }).click();
    expect(await ui.check(page, 'HTTP check 1').getByLabel('URL').inputValue()).toBe(`${e2e.server.url}/health`);

    await ui.save(page).click();
    // saving returns to the list, which shows the new health check
    await expect.poll(() => page.getByText('payments-api created successfully').count()).toBe(1);
    await page.waitForURL(/\/settings\/canaries$/);
    await page.getByRole('row', { name: /payments-api/ }).click();
    await page.waitForURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);
    // the generic detail: Spec with the form builder and the derived checks, and Job History
    const tabs = page.getByRole('tablist', { name: 'health check' }).getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Spec', 'Job History']);
    await expect
      .poll(async () => (await ui.derived(page).getByRole('link').allTextContents()).sort())
      .toEqual(['cache', 'homepage']);
    // name and namespace are fixed once saved
    expect(await page.getByLabel('Name', { exact: true }).first().isDisabled()).toBe(true);
    expect(await page.getByLabel('Namespace').isDisabled()).toBe(true);
    await dismissToasts(page);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/health-check-settings.png` });

    const stored = await canaryByName(e2e, 'payments-api');
    expect(stored?.source).toBe('UI');
    expect(stored?.spec).toMatchObject({
      schedule: '@every 30m',
      http: [{ name: 'homepage', method: 'GET', responseCodes: [200] }],
      redis: [{ name: 'cache', db: 0, addr: '127.0.0.1:6379', thresholdMillis: 500 }],
    });
    expect(await checksOf(e2e, stored?.id as string)).toEqual([
      { type: 'redis', name: 'cache' },
      { type: 'http', name: 'homepage' },
    ]);
  });

  it('creates a canary from YAML, showing the shared schema errors inline until it is valid', async () => {
    const page = await e2e.page();
    await page.goto('/settings/canaries/new');
    await page.getByRole('button', { name: 'YAML' }).click();
    await typeYaml(
      page,
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata:',
        '  name: edge-network',
        '  namespace: edge',
        'spec:',
        '  schedule: "@every 1m"',
        '  tcp:',
        '    - name: postgres-port',
        '      endpoint: 127.0.0.1',
        '',
      ].join('\n'),
    );
    await expect.poll(() => ui.problems(page).textContent()).toContain('spec.tcp[0].endpoint: expected host:port');
    // broken YAML says so and keeps the person in the YAML view
    await page.keyboard.insertText('  : [');
    await expect.poll(() => ui.problems(page).textContent()).toContain('Invalid YAML');
    expect(await page.getByRole('button', { name: 'Form' }).isDisabled()).toBe(true);

    await typeYaml(
      page,
      [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata:',
        '  name: edge-network',
        '  namespace: edge',
        'spec:',
        '  schedule: "@every 1m"',
        '  tcp:',
        '    - name: postgres-port',
        '      endpoint: 127.0.0.1:5432',
        '  dns:',
        '    - name: localhost',
        '      query: localhost',
        '',
      ].join('\n'),
    );
    await expect.poll(() => page.getByText('Valid health check').count()).toBe(1);
    // the form builder shows what the YAML says
    await page.getByRole('button', { name: 'Form' }).click();
    expect(await ui.check(page, 'TCP check 1').getByLabel('Endpoint').inputValue()).toBe('127.0.0.1:5432');
    await ui.save(page).click();
    await expect.poll(() => page.getByText('edge-network created successfully').count()).toBe(1);
    await page.waitForURL(/\/settings\/canaries$/);
    await page.getByRole('row', { name: /edge-network/ }).click();
    await expect
      .poll(() => ui.derived(page).getByRole('link').allTextContents())
      .toEqual(['localhost', 'postgres-port']);
    const stored = await canaryByName(e2e, 'edge-network');
    expect(stored?.namespace).toBe('edge');
    expect((await checksOf(e2e, stored?.id as string)).map((c) => c.type).sort()).toEqual(['dns', 'tcp']);

    // Cancel leaves the health check's own editor for the list without saving
    await page.getByLabel('Schedule').selectOption('@every 30m');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/settings\/canaries$/);
    await page.getByRole('row', { name: /edge-network/ }).waitFor();
    expect((await canaryByName(e2e, 'edge-network'))?.spec).toMatchObject({ schedule: '@every 1m' });
  });

  it('shows a viewer the canary and its job history without Save or Delete', async () => {
    const stored = await canaryByName(e2e, 'payments-api');
    await sql`insert into job_history (name, resource_type, resource_id, status, time_start, duration_millis, success_count, error_count)
      values ('CanaryCheck', 'canary', ${stored?.id}, 'FAILED', now() - interval '5 minutes', 1250, 1, 1)`.execute(
      e2e.server.db.kysely,
    );
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/settings/canaries');
    // the first row before counting: expect.poll gives up after a second, a loaded machine takes longer
    await page.getByRole('table', { name: 'Health checks' }).locator('tbody tr').first().waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Health checks' }).locator('tbody tr').count()).toBe(3);
    expect(await page.getByRole('link', { name: 'Add health check' }).count()).toBe(0);
    await page.getByRole('link', { name: 'payments-api' }).click();
    await ui.derived(page).getByRole('link').first().waitFor();
    await expect.poll(() => ui.derived(page).getByRole('link').count()).toBe(2);
    expect(await ui.save(page).count()).toBe(0);
    expect(await ui.delete(page).count()).toBe(0);
    expect(await ui.check(page, 'HTTP check 1').getByLabel('URL').isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Job History' }).click();
    const rows = page.getByRole('table', { name: 'Job history' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('FAILED');
  });

  it('keeps a canary from another source read-only with a link to its origin', async () => {
    const page = await e2e.page();
    await page.goto(`/settings/canaries/${crdId}`);
    const note = page.getByRole('note');
    await expect.poll(() => note.textContent()).toContain('Read-only');
    expect(await note.getByRole('link').getAttribute('href')).toContain('/catalog');
    expect(await ui.save(page).count()).toBe(0);
    expect(await ui.delete(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  });

  it('deletes a canary after the confirmation, with the toast', async () => {
    const res = await e2e.server.fetch('/api/db/canaries', {
      as: 'admin',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'old-cron', spec: { exec: [{ name: 'touch', script: 'true' }] } }),
    });
    expect(res.status).toBe(201);
    const stored = await canaryByName(e2e, 'old-cron');
    expect(await checksOf(e2e, stored?.id as string)).toHaveLength(1);
    const page = await e2e.page();
    await page.goto(`/settings/canaries/${stored?.id}`);
    await ui.delete(page).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to delete this resource?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/settings/canaries');
    await expect.poll(() => page.getByText('old-cron deleted successfully').count()).toBe(1);
    expect(await canaryByName(e2e, 'old-cron')).toBeUndefined();
    expect(await checksOf(e2e, stored?.id as string)).toEqual([]);
  });
});
