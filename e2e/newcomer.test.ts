import { testSubjectId } from '@opsdeck/server/test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { seedChecks } from './health-fixture.js';

// What a newcomer notices first: /health on a phone, where toasts show, the latency graph, the
// page a person without a role lands on, and incident edits that say they were saved.
let e2e: E2E;
let ids: Record<string, string> = {};

beforeAll(async () => {
  e2e = await startE2E();
  await sql`insert into people (id, name, email) values
    (${testSubjectId('admin')}, 'Ada Admin', 'ada@example.test'),
    (${testSubjectId('responder')}, 'Rui Responder', 'rui@example.test')`.execute(e2e.server.db.kysely);
  ids = await seedChecks(e2e);
});
afterAll(async () => {
  await e2e?.close();
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Messages' });

/** True when two boxes overlap (by more than a pixel each way). */
const overlaps = (a: Box, b: Box) =>
  a.x + a.width > b.x + 1 && b.x + b.width > a.x + 1 && a.y + a.height > b.y + 1 && b.y + b.height > a.y + 1;
type Box = { x: number; y: number; width: number; height: number };

describe('/health on a phone (375 x 812)', () => {
  it('folds the filter panel behind a Filters button and keeps the headers apart', async () => {
    const page = await e2e.page({ viewport: { width: 375, height: 812 } });
    await page.goto('/health?hidePassing=false');
    const table = page.getByRole('table', { name: 'Health checks' });
    await table.locator('tbody tr').first().waitFor();

    const panel = page.getByRole('complementary', { name: 'Filters' });
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await panel.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await panel.getByText('Hide Passing').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('button', { name: 'Hide filters' }).click();
    await panel.waitFor({ state: 'hidden' });

    // no two column headers, and no two toolbar controls, sit on top of each other
    const headers = await table.locator('thead th').evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    for (let i = 1; i < headers.length; i++) expect(overlaps(headers[i - 1] as Box, headers[i] as Box)).toBe(false);
    const checksHeader = headers[1] as Box;
    expect(checksHeader.width).toBeGreaterThan(120);
    const search = (await page.getByRole('searchbox', { name: 'Search checks' }).boundingBox()) as Box;
    const groupBy = (await page.getByText('Group By').boundingBox()) as Box;
    expect(overlaps(search, groupBy)).toBe(false);
    expect(search.width).toBeGreaterThan(200);
  });
});

describe('check detail', () => {
  it('shows the Graph tab on a short screen, with a tooltip giving the time and the latency', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 800 } });
    await page.goto(`/health?checkId=${ids['closed-port']}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Graph' }).click();
    const graph = dialog.getByRole('img', { name: 'Latency over time' });
    await graph.locator('[data-status="failed"]').first().waitFor();
    // axes with units and a legend
    expect(await graph.locator('[data-axis="latency"]').textContent()).toMatch(/\d+ ms.*Latency \(ms\)/);
    expect(await graph.locator('[data-axis="time"] text').count()).toBeGreaterThan(1);

    const marker = (await graph.locator('[data-status="failed"]').last().boundingBox()) as Box;
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    const tooltip = dialog.getByRole('tooltip');
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? '';
    expect(text).toMatch(/Latency\s*\d+ms/);
    expect(text).toContain('Failed');
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    await page.mouse.move(5, 5);
    await tooltip.waitFor({ state: 'detached' });
  });

  it('shows the graph above the tabs on a tall screen, with no Graph tab', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 1100 } });
    await page.goto(`/health?checkId=${ids['closed-port']}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Latency graph' }).locator('[data-status="failed"]').first().waitFor();
    await dialog.getByRole('tab', { name: 'History' }).waitFor();
    expect(await dialog.getByRole('tab', { name: 'Graph' }).count()).toBe(0);
  });
});

describe('toasts', () => {
  it('shows Linked to incident top right, other messages bottom right', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 800 } });
    await page.goto(`/health?checkId=${ids['closed-port']}`);
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Run Now' }).click();
    const ran = toasts(page).getByRole('alert').first();
    await ran.waitFor();
    const low = (await ran.boundingBox()) as Box;
    expect(low.y).toBeGreaterThan(800 / 2);
    expect(low.x + low.width).toBeGreaterThan(1280 - 40);

    await detail.getByRole('button', { name: 'Link to Incident' }).click();
    const link = page.getByRole('dialog', { name: 'Link to Incident' });
    await link.getByLabel('Title').fill('Staging port closed');
    await link.getByRole('button', { name: 'Link' }).click();
    const linked = toasts(page).getByRole('status').filter({ hasText: 'Linked to incident successfully' });
    await linked.waitFor();
    const high = (await linked.boundingBox()) as Box;
    expect(high.y).toBeLessThan(100);
    expect(high.x + high.width).toBeGreaterThan(1280 - 40);
  });
});

describe('incident edits', () => {
  it('toasts each edit and writes a commander change into the timeline', async () => {
    const [incident] = await (
      await e2e.server.fetch('/api/db/incidents', {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ title: 'Queue backlog' }),
      })
    ).json();
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto(`/incidents/${incident.id}`);
    await page.getByLabel('Commander').selectOption({ label: 'Rui Responder' });
    await toasts(page).getByText('Incident updated successfully').waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('made Rui Responder the commander').waitFor();
  });
});

describe('a person without a role', () => {
  it('lands on a page that says they are signed in without access and who grants it', async () => {
    const page = await e2e.page({ as: null });
    await page.goto('/registration');
    await page.getByLabel(/^E-Mail( \*)?$/).fill('newcomer@localhost');
    await page.getByLabel(/^Password( \*)?$/).fill('a-long-and-unguessable-passphrase');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/registration'));
    await page.goto('/health');
    await page.getByRole('heading', { name: 'You are signed in, but have no access yet' }).waitFor();
    await page.getByText('newcomer@localhost').first().waitFor();
    await page.getByText(/Ask an administrator .* grant you a role/).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByText('Unauthorized').count()).toBe(0);
  });
});
