import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

const ui = {
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
  check: (page: Page, title: string) => page.getByRole('group', { name: title }),
  yaml: (page: Page) => page.getByRole('textbox', { name: 'Health check YAML' }),
};

async function addCheck(page: Page, type: string, title: string) {
  await page.getByLabel('Check type').selectOption(type);
  await page.getByRole('button', { name: 'Add check' }).click();
  return ui.check(page, title);
}

describe('check form builder: the check types of spec part 2', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('offers all 31 types, marks required fields, and saves checks of several types', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 1600 } });
    await page.goto('/settings/canaries/new');
    await page.getByLabel('Name', { exact: true }).fill('data-stores');

    // every type of spec part 2 is in the picker (sql as one entry per database), in two groups
    const picker = page.getByLabel('Check type');
    const runnable = await picker.locator('optgroup[label="Runs on OpsDeck"] option').allTextContents();
    const other = await picker
      .locator('optgroup[label="canary-checker types OpsDeck cannot run"] option')
      .allTextContents();
    expect(runnable).toEqual(
      expect.arrayContaining(['HTTP', 'LDAP', 'MongoDB', 'SFTP', 'Kubernetes', 'SQL: SQL Server', 'JUnit results']),
    );
    expect(other).toEqual(expect.arrayContaining(['CloudWatch alarms', 'Dynatrace', 'Azure DevOps pipeline', 'Pod']));
    expect(runnable.length + other.length).toBe(33); // 31 types, sql as three

    const mongo = await addCheck(page, 'mongodb', 'MongoDB check 1');
    const ldap = await addCheck(page, 'ldap', 'LDAP check 1');
    const sftp = await addCheck(page, 'sftp', 'SFTP check 1');
    const mssql = await addCheck(page, 'mssql', 'SQL: SQL Server check 1');
    const k8s = await addCheck(page, 'kubernetes', 'Kubernetes check 1');
    expect(await sftp.getByLabel('Port').inputValue()).toBe('22'); // spec part 2 section 5 default
    // the stand-in for a URL is named under it
    expect(await mongo.getByText('Required unless Connection is set').count()).toBe(1);

    await ui.save(page).click();
    // each required field of each type is called out
    await expect.poll(() => ldap.getByText('This field is required').count()).toBe(3); // name, URL, bind DN
    expect(await sftp.getByText('This field is required').count()).toBe(3); // name, host, path
    expect(await k8s.getByText('This field is required').count()).toBe(2); // name, kind
    await page.screenshot({ path: path.join(SHOTS, 'check-forms-required.png'), fullPage: true });

    await mongo.getByLabel('Name', { exact: true }).fill('orders-db');
    await mongo.getByLabel('Connection URL').fill('mongodb://127.0.0.1:27017/admin');
    await ldap.getByLabel('Name', { exact: true }).fill('directory');
    await ldap.getByLabel('Connection').fill('connection://default/ldap'); // stands in for the URL
    await ldap.getByLabel('Bind DN').fill('ou=people,dc=example,dc=org');
    await sftp.getByLabel('Name', { exact: true }).fill('uploads');
    await sftp.getByLabel('Host').fill('127.0.0.1');
    await sftp.getByLabel('Path').fill('/uploads');
    await mssql.getByLabel('Name', { exact: true }).fill('billing');
    await mssql.getByLabel('Connection URL').fill('sqlserver://sa:pw@127.0.0.1:1433?database=billing');
    await k8s.getByLabel('Name', { exact: true }).fill('api-ready');
    await k8s.getByLabel('Kind').fill('Deployment');
    await k8s.getByLabel('Must be ready').check();
    // a nested field: the repository an exec check clones before its script runs
    const exec = await addCheck(page, 'exec', 'Exec (script) check 1');
    await exec.getByLabel('Name', { exact: true }).fill('runbook');
    await exec.getByLabel('Script', { exact: true }).fill('bash check.sh');
    await exec.getByLabel('Git repository').fill('https://git.example.com/ops/checks.git');
    await exec.getByLabel('Branch').fill('release');

    // a type OpsDeck cannot run says why, and blocks saving until it is removed
    const cloudwatch = await addCheck(page, 'cloudwatch', 'CloudWatch alarms check 1');
    await expect.poll(() => cloudwatch.getByRole('note').textContent()).toContain('no CloudWatch client');
    await cloudwatch.getByLabel('Name', { exact: true }).fill('alarms');
    await ui.save(page).click();
    await expect.poll(() => cloudwatch.getByText('This field is required').count()).toBe(1); // region
    await cloudwatch.screenshot({ path: path.join(SHOTS, 'check-forms-unrunnable.png') });
    expect(page.url()).toMatch(/\/new$/);
    await page.getByRole('button', { name: 'Remove CloudWatch alarms check 1' }).click();

    await ui.save(page).click();
    // saved: back on the list, which shows the new health check
    await page.waitForURL(/\/settings\/canaries$/);
    await page.getByRole('row', { name: /data-stores/ }).waitFor();
    const rows = await sql<{ spec: Record<string, unknown>; id: string }>`
      select id, spec from canaries where name = 'data-stores' and deleted_at is null`.execute(e2e.server.db.kysely);
    const stored = rows.rows[0];
    expect(stored?.spec).toMatchObject({
      mongodb: [{ name: 'orders-db', url: 'mongodb://127.0.0.1:27017/admin' }],
      ldap: [{ name: 'directory', connection: 'connection://default/ldap', bindDN: 'ou=people,dc=example,dc=org' }],
      sftp: [{ name: 'uploads', host: '127.0.0.1', path: '/uploads', port: 22 }],
      mssql: [{ name: 'billing', query: 'SELECT 1' }],
      kubernetes: [{ name: 'api-ready', kind: 'Deployment', ready: true }],
      exec: [
        {
          name: 'runbook',
          script: 'bash check.sh',
          checkout: { url: 'https://git.example.com/ops/checks.git', branch: 'release' },
        },
      ],
    });
    expect(stored?.spec.cloudwatch).toBeUndefined();
    const checks = await sql<{ type: string; name: string }>`
      select type, name from checks where canary_id = ${stored?.id} and deleted_at is null order by name`.execute(
      e2e.server.db.kysely,
    );
    expect(checks.rows.map((c) => `${c.type}/${c.name}`)).toEqual([
      'kubernetes/api-ready',
      'mssql/billing',
      'ldap/directory',
      'mongodb/orders-db',
      'exec/runbook',
      'sftp/uploads',
    ]);
  });

  it('opens the YAML view for a custom check', async () => {
    const page = await e2e.page();
    await page.goto('/settings/canaries/new');
    await page.getByLabel('Check type').selectOption('custom');
    await page.getByRole('button', { name: 'Add check' }).click();
    await ui.yaml(page).waitFor();
    expect(await page.getByRole('button', { name: 'YAML' }).getAttribute('aria-pressed')).toBe('true');
  });
});
