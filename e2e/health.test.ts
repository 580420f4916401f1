import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// Two canaries applied through the API and run once each: 'web' (prod) passes, 'data' (staging)
// has one check that fails against a closed port.
let e2e: E2E;
const ids: Record<string, string> = {};

async function api(path: string, init: RequestInit = {}) {
  const res = await e2e.server.fetch(path, {
    ...init,
    as: 'admin',
    headers: init.body ? { 'content-type': 'application/json', prefer: 'return=representation' } : {},
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  e2e = await startE2E();
  const port = new URL(e2e.server.url).port;
  const canaries = [
    {
      name: 'web',
      namespace: 'prod',
      labels: { env: 'prod', critical: 'true' },
      spec: { schedule: '@every 1h', tcp: [{ name: 'web-port', endpoint: `127.0.0.1:${port}` }] },
    },
    {
      name: 'data',
      namespace: 'staging',
      labels: { env: 'staging' },
      spec: {
        schedule: '@every 1h',
        tcp: [
          { name: 'closed-port', endpoint: '127.0.0.1:1' },
          { name: 'data-port', endpoint: `127.0.0.1:${port}` },
        ],
      },
    },
  ];
  for (const c of canaries) {
    const [saved] = await api('/api/db/canaries', { method: 'POST', body: JSON.stringify(c) });
    for (const check of await api(`/api/db/checks?canary_id=eq.${saved.id}`)) ids[check.name] = check.id;
  }
  for (const id of Object.values(ids)) await api(`/api/canary/run/check/${id}`, { method: 'POST' });
});
afterAll(async () => {
  await e2e?.close();
});

const checkRows = (page: Page) => page.locator('tr[data-check]');
const rowNames = async (page: Page) =>
  (await checkRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-check')))).sort();
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('health page', () => {
  it('filters by health, tri-state labels and search, keeps them in the URL and restores them on reload', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group');
    // Hide Passing is on by default: only the failing check
    await checkRows(page).first().waitFor();
    expect(await rowNames(page)).toEqual(['closed-port']);
    await expect
      .poll(() => page.locator('tr[data-check="closed-port"] [role=img]').getAttribute('data-color'))
      .toBe('red');

    await page.getByRole('switch', { name: 'Hide Passing' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['closed-port', 'data-port', 'web-port']);
    expect(param(page, 'hidePassing')).toBe('false');

    await page.getByRole('button', { name: 'Include env=prod' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['web-port']);
    expect(JSON.parse(param(page, 'labels') ?? '{}')).toEqual({ 'env=prod': 1 });

    await page.getByRole('button', { name: 'Exclude env=prod' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['closed-port', 'data-port']);
    expect(JSON.parse(param(page, 'labels') ?? '{}')).toEqual({ 'env=prod': -1 });

    await page.getByPlaceholder('Search by name, description, or endpoint').fill('closed');
    await expect.poll(() => param(page, 'query')).toBe('closed');
    await expect.poll(() => rowNames(page)).toEqual(['closed-port']);

    await page.reload();
    await checkRows(page).first().waitFor();
    expect(await rowNames(page)).toEqual(['closed-port']);
    expect(await page.getByRole('button', { name: 'Exclude env=prod' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Hide Passing' }).isChecked()).toBe(false);
    expect(await page.getByPlaceholder('Search by name, description, or endpoint').inputValue()).toBe('closed');

    // the boolean label is a toggle; nothing matches 'critical' with the prod exclusion: the empty state
    await page.getByRole('switch', { name: 'critical' }).click();
    await page.getByText('No data available').waitFor();
    expect(JSON.parse(param(page, 'labels') ?? '{}')).toEqual({ 'env=prod': -1, 'critical=true': 1 });
  });

  it('says when Hide Passing hides every match, and shows them on request', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group&query=web');
    await page.getByText('All 1 matching checks are passing').waitFor();
    await page.getByRole('button', { name: 'Show passing checks' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['web-port']);
    expect(param(page, 'hidePassing')).toBe('false');
  });

  it('groups by canary with rolled-up status and tabs by namespace or a label', async () => {
    const page = await e2e.page();
    await page.goto('/health?hidePassing=false');
    const group = (key: string) => page.locator(`tr[data-group="${key}"]`);
    await group('data').waitFor();
    expect(await group('data').getByRole('img').getAttribute('aria-label')).toBe('mixed');
    expect(await group('web').getByRole('img').getAttribute('aria-label')).toBe('good');
    expect(await checkRows(page).count()).toBe(0);
    await group('data').click();
    await expect.poll(() => rowNames(page)).toEqual(['closed-port', 'data-port']);

    const tabs = page.getByRole('tablist', { name: 'Tabs' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['All', 'prod', 'staging']);
    await page.getByRole('tab', { name: 'prod' }).click();
    await expect.poll(() => param(page, 'tab')).toBe('prod');
    await expect.poll(() => group('data').count()).toBe(0);
    await group('web').waitFor();

    await page.getByLabel('Tab By').selectOption('agent');
    expect(param(page, 'tabBy')).toBe('agent');
    await expect.poll(() => tabs.allTextContents()).toEqual(['All', '00000000-0000-0000-0000-000000000000']);

    await page.getByLabel('Group By').selectOption('type');
    await group('tcp').waitFor();
    expect(await group('tcp').getByRole('img').getAttribute('aria-label')).toBe('mixed');
    expect(param(page, 'groupBy')).toBe('type');
  });

  it('lists checks as cards too', async () => {
    const page = await e2e.page();
    await page.goto('/health?hidePassing=false');
    await page.getByRole('button', { name: 'Card layout' }).click();
    expect(param(page, 'layout')).toBe('card');
    await page.locator('[data-card="web-port"]').waitFor();
    expect(await page.locator('[data-card]').count()).toBe(3);
  });
});

describe('check detail', () => {
  it('opens from a row with History, Graph, Spec and Relationships, and closing resets the URL', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group');
    await page.locator('tr[data-check="closed-port"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'closed-port' }).waitFor();
    expect(param(page, 'checkId')).toBe(ids['closed-port']);
    expect(param(page, 'timeRange')).toBe('1h');
    await dialog.getByText('env: staging').waitFor();

    // History: the stored result, the duration filter and its message
    const history = dialog.getByRole('table', { name: 'Check history' });
    await history.locator('tbody tr').first().waitFor();
    expect(await history.locator('tbody tr').count()).toBe(1);
    await dialog.getByLabel('Duration').fill('5m');
    await dialog.getByText('duration is allowed only in milli seconds & seconds').waitFor();
    await dialog.getByLabel('Duration').fill('30s');
    await dialog.getByText('No data available').waitFor();
    await dialog.getByLabel('Duration').fill('All');
    await history.locator('tbody tr').first().waitFor();

    await dialog.getByRole('tab', { name: 'Graph' }).click();
    await dialog.locator('svg[aria-label="Latency over time"] circle[data-status="failed"]').first().waitFor();

    await dialog.getByRole('tab', { name: 'Spec' }).click();
    await expect.poll(() => dialog.getByTestId('check-spec').textContent()).toContain('endpoint: 127.0.0.1:1');

    await dialog.getByRole('tab', { name: /Relationships/ }).click();
    expect(await dialog.getByRole('tab', { name: /Relationships/ }).textContent()).toBe('Relationships0');
    await dialog.getByText('No data available').waitFor();

    await dialog.getByRole('combobox', { name: 'Time range' }).selectOption('1d');
    expect(param(page, 'timeRange')).toBe('1d');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => param(page, 'checkId')).toBeNull();
    expect(param(page, 'timeRange')).toBeNull();
  });

  it('Run Now adds a new history row for an editor', async () => {
    const page = await e2e.page({ as: 'editor' });
    await page.goto(`/health?checkId=${ids['web-port']}`);
    const dialog = page.getByRole('dialog');
    const rows = dialog.getByRole('table', { name: 'Check history' }).locator('tbody tr');
    await rows.first().waitFor();
    const before = await rows.count();
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before + 1);
  });

  it('shows a viewer the detail without Run Now', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto(`/health?checkId=${ids['web-port']}`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('h3', { hasText: 'web-port' }).waitFor();
    await dialog.getByRole('table', { name: 'Check history' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Run Now' }).count()).toBe(0);
  });

  it('stands alone at /view/health without the shell', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto(`/view/health?checkId=${ids['web-port']}`);
    await page.locator('h3', { hasText: 'web-port' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });
});
