import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { param, seedChecks } from './health-fixture.js';

let e2e: E2E;
let ids: Record<string, string> = {};

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

// what a person sees, found by role and name
const ui = {
  pivot: (page: Page) => page.getByRole('table', { name: 'Health pivot' }),
  columns: (page: Page) => ui.pivot(page).getByRole('columnheader'),
  rowHeaders: (page: Page) => ui.pivot(page).getByRole('rowheader'),
  /** The checks in the cell of `row` under the column at `column` (0 = the first value column). */
  cell: (page: Page, row: string, column: number) =>
    ui.pivot(page).locator(`tr[data-pivot-row="${row}"] > td`).nth(column).getByRole('button'),
  names: async (page: Page, row: string, column: number) => ui.cell(page, row, column).evaluateAll(labelsOf),
};
function labelsOf(els: Element[]) {
  return els.map((e) => e.getAttribute('aria-label'));
}
/** Column headings without their counts. */
const columnNames = async (page: Page) =>
  (await ui.columns(page).evaluateAll((ths) => ths.map((th) => th.firstChild?.textContent ?? ''))).map((t) => t.trim());

describe('health page with no checks', () => {
  it('says so and offers to add a health check or an integration', async () => {
    const page = await e2e.page();
    await page.goto('/health');
    await page.getByText('No data available').waitFor();
    const start = page.getByRole('navigation', { name: 'Get started' });
    await start.getByRole('link', { name: 'Add an integration' }).waitFor();
    await start.getByRole('link', { name: 'Add a health check' }).click();
    await page.waitForURL('**/settings/canaries');
    await page.getByRole('heading', { name: 'Health Checks' }).first().waitFor();
  });

  it('offers a viewer nothing to add', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/health');
    await page.getByText('No data available').waitFor();
    expect(await page.getByRole('navigation', { name: 'Get started' }).count()).toBe(0);
  });
});

describe('pivot view', () => {
  beforeAll(async () => {
    ids = await seedChecks(e2e);
  });

  it('opens from the URL with rows by canary, columns by namespace and status dots', async () => {
    const page = await e2e.page();
    await page.goto('/health?hidePassing=false&pivotBy=namespace');
    await ui.pivot(page).waitFor();
    expect(await columnNames(page)).toEqual(['Canary', 'prod', 'staging']);
    expect(await ui.rowHeaders(page).allTextContents()).toEqual(['data2', 'web1']);
    expect(await ui.names(page, 'data', 0)).toEqual([]);
    expect(await ui.names(page, 'data', 1)).toEqual(['closed-port: unhealthy', 'data-port: healthy']);
    expect(await ui.names(page, 'web', 0)).toEqual(['web-port: healthy']);
    expect(await page.getByRole('button', { name: 'Pivot layout' }).getAttribute('aria-pressed')).toBe('true');

    // a check in a cell opens the check detail
    await page.getByRole('button', { name: 'closed-port: unhealthy' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'closed-port' }).waitFor();
    expect(param(page, 'checkId')).toBe(ids['closed-port']);
  });

  it('is set up from the toolbar, kept in the URL and restored on reload', async () => {
    const page = await e2e.page();
    await page.goto('/health?hidePassing=false&groupBy=no-group');
    await page.locator('tr[data-check]').first().waitFor();
    await page.getByRole('button', { name: 'Pivot layout' }).click();
    await ui.pivot(page).waitFor();
    expect(param(page, 'pivotBy')).toBe('type');
    expect(await columnNames(page)).toEqual(['Check', 'tcp']);
    expect(await ui.rowHeaders(page).allTextContents()).toEqual(['closed-port1', 'data-port1', 'web-port1']);

    await page.getByLabel('Pivot By').selectOption('label');
    await page.getByLabel('Pivot Label').selectOption('env');
    await page.getByLabel('Cells').selectOption('uptime');
    await expect.poll(() => columnNames(page)).toEqual(['Check', 'prod', 'staging']);
    expect(param(page, 'pivotBy')).toBe('label');
    expect(param(page, 'pivotLabel')).toBe('env');
    expect(param(page, 'pivotCellType')).toBe('uptime');
    expect(await ui.names(page, 'closed-port', 1)).toEqual(['closed-port: uptime 0.0%']);
    expect(await ui.names(page, 'web-port', 0)).toEqual(['web-port: uptime 100.0%']);

    await page.reload();
    await ui.pivot(page).waitFor();
    expect(await columnNames(page)).toEqual(['Check', 'prod', 'staging']);
    expect(await page.getByLabel('Pivot Label').inputValue()).toBe('env');
    expect(await page.getByLabel('Cells').inputValue()).toBe('uptime');
    expect(await ui.names(page, 'web-port', 0)).toEqual(['web-port: uptime 100.0%']);

    await page.getByLabel('Cells').selectOption('latency');
    await expect
      .poll(() => ui.names(page, 'web-port', 0))
      .toEqual([expect.stringMatching(/^web-port: latency \d+ms$/)]);
    await page.getByRole('button', { name: 'web-port: latency', exact: false }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'web-port' }).waitFor();
    expect(param(page, 'checkId')).toBe(ids['web-port']);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // back to the table: the pivot settings leave the URL
    await page.getByRole('button', { name: 'Table layout' }).click();
    await page.locator('tr[data-check]').first().waitFor();
    expect(param(page, 'pivotBy')).toBeNull();
    expect(param(page, 'pivotCellType')).toBeNull();
    expect(await ui.pivot(page).count()).toBe(0);
  });

  it('follows the filters and tabs', async () => {
    const page = await e2e.page();
    await page.goto('/health?pivotBy=agent&query=health%3Dunhealthy');
    await ui.pivot(page).waitFor();
    expect(await columnNames(page)).toEqual(['Canary', '00000000-0000-0000-0000-000000000000']);
    expect(await ui.rowHeaders(page).allTextContents()).toEqual(['data1']);
    expect(await ui.names(page, 'data', 0)).toEqual(['closed-port: unhealthy']);
  });
});
