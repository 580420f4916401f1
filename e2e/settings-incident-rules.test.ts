import { testSubjectId } from '@opsdeck/server/test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// what a person sees, found by role and name
const ui = {
  add: (page: Page) => page.getByRole('link', { name: 'Add incident rule' }),
  list: (page: Page) => page.getByRole('table', { name: 'Incident rules' }),
  name: (page: Page) => page.getByLabel('Name', { exact: true }),
  yaml: (page: Page) => page.getByRole('textbox', { name: 'Spec (YAML)' }),
  problems: (page: Page) => page.getByRole('list', { name: 'Problems' }),
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
  delete: (page: Page) => page.getByRole('button', { name: 'Delete', exact: true }),
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
};

/** Replaces the YAML editor's whole text as a person pasting would. */
async function typeYaml(page: Page, text: string): Promise<void> {
  await ui.yaml(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const RULE_YAML = `checks:
  - name: api-*
    labelSelector: team=pay
filter:
  age: 5m
template:
  title: "{{ check.name }} is {{ check.status }}"
  severity: urgent
  type: reliability
`;

describe('incident rules settings', () => {
  let e2e: E2E;
  let crdRuleId: string;

  const ruleByName = async (name: string) => {
    const rows = await sql<{ id: string; spec: Record<string, unknown>; created_by: string; source: string }>`
      select id, spec, created_by, source from incident_rules where name = ${name} and deleted_at is null`.execute(
      e2e.server.db.kysely,
    );
    return rows.rows[0];
  };

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.db.kysely;
    await sql`insert into people (id, name, email) values
      (${testSubjectId('admin')}, 'Ada Admin', 'ada@example.test'),
      (${testSubjectId('viewer')}, 'Vic Viewer', 'vic@example.test')`.execute(db);
    const crd = await sql<{ id: string }>`
      insert into incident_rules (name, spec, source, created_by)
      values ('cluster-nodes', '{"components":[{"types":["Kubernetes::Node"]}],"template":{"severity":"critical"}}'::jsonb,
              'KubernetesCRD', ${testSubjectId('admin')})
      returning id`.execute(db);
    crdRuleId = crd.rows[0]?.id as string;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets an admin create a rule from the editor, see it listed, edit it and delete it', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/settings/incident_rules');
    await ui.list(page).getByText('cluster-nodes').waitFor();
    await ui.add(page).click();
    await page.waitForURL('**/settings/incident_rules/new');

    // the name is required, and the spec is checked by the server's schema as it is typed
    await ui.name(page).fill('');
    await ui.save(page).click();
    await page.getByText('This field is required').waitFor();
    await ui.name(page).fill('payments down');
    await typeYaml(page, RULE_YAML);
    await expect.poll(() => ui.problems(page).textContent()).toMatch(/template\.severity:.*"info"/);
    await ui.save(page).click();
    expect(page.url()).toMatch(/\/new$/);
    expect(await ruleByName('payments down')).toBeUndefined();

    await typeYaml(page, RULE_YAML.replace('urgent', 'High'));
    await page.getByText('Valid incident rule spec').waitFor();
    await ui.save(page).click();
    await ui.toast(page, 'payments down created successfully').waitFor();
    const stored = await ruleByName('payments down');
    expect(stored).toMatchObject({ source: 'UI', created_by: testSubjectId('admin') });
    expect(stored?.spec).toMatchObject({ filter: { age: '5m' }, template: { severity: 'high', type: 'reliability' } });

    // saving returns to the list: the rule with what it watches, its severity, source and author
    await page.waitForURL(/\/settings\/incident_rules$/);
    const row = ui.list(page).locator('tbody tr').filter({ hasText: 'payments down' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('checks: api-* [team=pay] · for 5m');
    expect(text).toContain('High');
    expect(text).toContain('UI');
    expect(text).toContain('Ada Admin');

    // edited: a new severity is saved and shown in the list
    await row.click();
    await ui.yaml(page).waitFor();
    expect(await ui.name(page).isDisabled()).toBe(true);
    await typeYaml(page, RULE_YAML.replace('urgent', 'critical').replace('5m', '10m'));
    await page.getByText('Valid incident rule spec').waitFor();
    await ui.save(page).click();
    await ui.toast(page, 'payments down updated successfully').waitFor();
    await page.waitForURL(/\/settings\/incident_rules$/);
    await expect.poll(() => row.textContent()).toContain('for 10m');
    expect((await ruleByName('payments down'))?.spec).toMatchObject({
      filter: { age: '10m' },
      template: { severity: 'critical' },
    });

    // the Job History tab: empty until the rules job has run
    await row.click();
    await page.getByRole('tab', { name: 'Job History' }).click();
    await page.getByText('No data available').waitFor();
    await sql`insert into job_history (name, resource_type, status, time_start, duration_millis, success_count, error_count)
      values ('IncidentRules', 'incident_rule', 'WARNING', now() - interval '2 minutes', 42, 1, 2)`.execute(
      e2e.server.db.kysely,
    );
    await page.reload();
    const jobs = page.getByRole('table', { name: 'Job history' }).locator('tbody tr');
    await expect.poll(() => jobs.count()).toBe(1);
    expect(await jobs.first().textContent()).toMatch(/IncidentRules.*WARNING.*42ms/);

    // deleted after a confirmation, with the toast
    await page.getByRole('tab', { name: 'Spec' }).click();
    await ui.delete(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this resource?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await ui.toast(page, 'payments down deleted successfully').waitFor();
    await page.waitForURL(/\/settings\/incident_rules$/);
    await ui.list(page).getByText('cluster-nodes').waitFor();
    expect(await ui.list(page).getByText('payments down').count()).toBe(0);
    expect(await ruleByName('payments down')).toBeUndefined();
  });

  it('shows a viewer the rules without Add, Save or Delete', async () => {
    // a retried test finds the rule already there
    await sql`insert into incident_rules (name, spec, created_by)
      values ('checkout slow', '{"checks":[{"name":"checkout"}],"template":{"severity":"low"}}'::jsonb, ${testSubjectId('admin')})
      on conflict do nothing`.execute(e2e.server.db.kysely);
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/settings/incident_rules');
    await ui.list(page).getByText('checkout slow').waitFor();
    await expect.poll(() => ui.list(page).locator('tbody tr').count()).toBe(2);
    expect(await ui.add(page).count()).toBe(0);
    await ui.list(page).getByText('checkout slow').click();
    await ui.yaml(page).waitFor();
    expect(await ui.yaml(page).getAttribute('contenteditable')).toBe('false');
    expect(await ui.name(page).isDisabled()).toBe(true);
    expect(await ui.save(page).count()).toBe(0);
    expect(await ui.delete(page).count()).toBe(0);
  });

  it('keeps a rule from a cluster resource read-only for an admin, with a link to where it comes from', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto(`/settings/incident_rules/${crdRuleId}`);
    const note = page.getByRole('note');
    await note.getByText(/Read-only: managed by/).waitFor();
    expect(await note.getByRole('link', { name: 'a Kubernetes resource (CRD)' }).getAttribute('href')).toBe(
      '/catalog?type=Kubernetes::IncidentRule',
    );
    await ui.yaml(page).waitFor();
    expect(await ui.save(page).count()).toBe(0);
    expect(await ui.delete(page).count()).toBe(0);
  });
});
