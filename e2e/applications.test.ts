import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApplicationReport } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentWith, type Seeded, seedCatalog } from '../apps/server/test/applications/seed.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// An application 'shop' over catalog data a full-mode file scraper found (a database with users,
// grants, logins, backups, a restore and an insight; three servers in two regions) plus one
// incident on the database. The report page shows each part and exports JSON and HTML.
let e2e: E2E;
let seeded: Seeded;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  seeded = await seedCatalog(e2e.server);
  await incidentWith(e2e.server, 'Orders slow', { component_id: seeded.dbComponentId }, 'topology');
  await adminApi(e2e, '/api/db/applications', {
    method: 'POST',
    body: JSON.stringify({
      name: 'shop',
      namespace: 'sales',
      spec: {
        type: 'Web shop',
        description: 'Orders <b>and</b> payments',
        properties: [{ name: 'owner', label: 'Owner', text: 'team-shop' }],
        mapping: {
          logins: [{ types: ['SQL::Database'] }],
          datasources: [{ name: 'orders-*' }],
          environments: { production: [{ types: ['AWS::EC2::Instance'], purpose: 'primary' }] },
        },
        sections: [
          { title: 'Shop dashboard', viewRef: { name: 'shop-dashboard' } },
          { title: 'Servers', uiRef: { configs: { types: ['AWS::EC2::Instance'] } } },
        ],
      },
    }),
  });
});
afterAll(async () => {
  await e2e?.close();
  seeded?.cleanup();
});

describe('application audit report', () => {
  it('lists the application, opens its report and exports it as JSON and HTML', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 1000 } });
    await page.goto('/applications');
    await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'shop' }).click();
    await page.waitForURL('**/applications/sales/shop');
    await page.getByRole('heading', { name: 'shop', exact: true }).waitFor();
    // the description is text, not markup
    await page.getByText('Orders <b>and</b> payments').waitFor();
    const access = page.getByRole('region', { name: 'Access Control' });
    await access.getByRole('cell', { name: 'alice@example.com' }).waitFor();
    expect(await access.getByRole('cell', { name: 'db-admin' }).count()).toBe(1);
    const backups = page.getByRole('region', { name: 'Backups' });
    await backups.getByText('failed 1 · completed 1').waitFor();
    await page.getByRole('region', { name: 'Incidents' }).getByRole('cell', { name: 'Orders slow' }).waitFor();
    await page
      .getByRole('region', { name: 'Findings' })
      .getByRole('cell', { name: 'Storage is not encrypted' })
      .waitFor();
    await page.getByRole('region', { name: 'Locations' }).getByRole('cell', { name: 'us-east-1' }).waitFor();
    await page
      .getByRole('region', { name: 'Shop dashboard' })
      .getByText('View sales/shop-dashboard is not defined.')
      .waitFor();
    await page.getByRole('region', { name: 'Servers' }).getByRole('link', { name: 'web-3' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'application-report.png'), fullPage: true });

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('sales-shop-audit.json');
    const report = JSON.parse(readFileSync((await json.path()) as string, 'utf8')) as ApplicationReport;
    expect(report).toMatchObject({ name: 'shop', namespace: 'sales', type: 'Web shop' });
    expect(report.accessControl.users.map((u) => u.name)).toEqual(['Alice', 'Bob']);
    expect(report.incidents.map((i) => i.title)).toEqual(['Orders slow']);

    const [html] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export HTML' }).click(),
    ]);
    expect(html.suggestedFilename()).toBe('sales-shop-audit.html');
    const text = readFileSync((await html.path()) as string, 'utf8');
    expect(text).toContain('<h1>shop</h1>');
    expect(text).toContain('Orders &lt;b&gt;and&lt;/b&gt; payments');
    expect(text).toContain('<h2>Backups</h2>');
    expect(text).toContain('Storage is not encrypted');
    expect(text).not.toMatch(/<script|<link|src=/i);
  });

  it('prints only the report: no sidebar, no top bar, no toolbar', async () => {
    const page = await e2e.page({ viewport: { width: 1200, height: 900 } });
    await page.goto('/applications/sales/shop');
    await page.getByRole('region', { name: 'Access Control' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Export JSON' }).isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Backups' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'application-report-print.png'), fullPage: true });
  });
});
