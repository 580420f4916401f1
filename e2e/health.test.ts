import { testSubjectId } from '@opsdeck/server/test';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi, checkRows, param, rowNames, seedChecks } from './health-fixture.js';

// Two canaries applied through the API and run once each: 'web' (prod) passes, 'data' (staging)
// has one check that fails against a closed port.
let e2e: E2E;
let ids: Record<string, string> = {};

beforeAll(async () => {
  e2e = await startE2E();
  ids = await seedChecks(e2e);
});
afterAll(async () => {
  await e2e?.close();
});

describe('health page', () => {
  it('filters by health, tri-state labels and search, keeps them in the URL and restores them on reload', async () => {
    const page = await e2e.page();
    // which health the page's summary requests ask the server for ('all' without a filter)
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/canary/api/summary') asked.push(url.searchParams.get('status') ?? 'all');
    });
    await page.goto('/health?groupBy=no-group');
    // Hide Passing is on by default: only the failing check, and only it comes from the server
    await checkRows(page).first().waitFor();
    expect(await rowNames(page)).toEqual(['closed-port']);
    expect([...new Set(asked)]).toEqual(['unhealthy']);
    await expect
      .poll(() => page.locator('tr[data-check="closed-port"] [role=img]').getAttribute('data-color'))
      .toBe('red');

    await page.getByRole('switch', { name: 'Hide Passing' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['closed-port', 'data-port', 'web-port']);
    expect(param(page, 'hidePassing')).toBe('false');
    expect(asked).toContain('all');

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

  it('asks the server for the failing checks once on a first visit', async () => {
    const page = await e2e.page();
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/canary/api/summary') asked.push(url.search);
    });
    // the live stream opening is when a second request used to go out
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/stream');
    await page.goto('/health?groupBy=no-group');
    await checkRows(page).first().waitFor();
    await stream;
    await page.waitForTimeout(500);
    expect(asked).toEqual(['?timeRange=1h&status=unhealthy']);
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
    await expect.poll(() => tabs.allTextContents()).toEqual(['All', 'local']);

    await page.getByLabel('Group By').selectOption('type');
    await group('tcp').waitFor();
    expect(await group('tcp').getByRole('img').getAttribute('aria-label')).toBe('mixed');
    expect(param(page, 'groupBy')).toBe('type');
  });

  it('filters with the search grammar, keeps it in the URL and restores it on reload', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group&hidePassing=false');
    await checkRows(page).first().waitFor();
    const search = page.getByRole('searchbox', { name: 'Search checks' });
    for (const [query, names] of [
      ['health=unhealthy', ['closed-port']],
      ['type=tcp env=prod', ['web-port']],
      ['health=healthy,unhealthy canary=data', ['closed-port', 'data-port']],
      ['name=*-port env!=prod', ['closed-port', 'data-port']],
      ['label.critical=true', ['web-port']],
      ['!port', []],
    ] as const) {
      await search.fill(query);
      await expect.poll(() => param(page, 'query')).toBe(query);
      await expect.poll(() => rowNames(page)).toEqual(names);
    }

    // an unknown field is a label nobody has: nothing matches, and the empty state offers a way out
    await search.fill('colour=blue');
    await expect.poll(() => param(page, 'query')).toBe('colour=blue');
    await page.getByText('No data available').waitFor();
    await page.reload();
    await page.getByText('No data available').waitFor();
    expect(await search.inputValue()).toBe('colour=blue');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['closed-port', 'data-port', 'web-port']);
    expect(param(page, 'query')).toBeNull();
    expect(await search.inputValue()).toBe('');
  });

  it('shows the search syntax on demand and searches for a picked example', async () => {
    const page = await e2e.page();
    await page.goto('/health?groupBy=no-group&hidePassing=false');
    await checkRows(page).first().waitFor();
    const hint = page.getByRole('dialog', { name: 'Search syntax' });
    expect(await hint.count()).toBe(0);
    const button = page.getByRole('button', { name: 'Search syntax' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await hint.getByText('health=healthy,unhealthy').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => hint.count()).toBe(0);

    await button.click();
    await hint.getByRole('button', { name: 'Search health=unhealthy' }).click();
    await expect.poll(() => hint.count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search checks' }).inputValue()).toBe('health=unhealthy');
    await expect.poll(() => param(page, 'query')).toBe('health=unhealthy');
    await expect.poll(() => rowNames(page)).toEqual(['closed-port']);
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
    await dialog.locator('svg[aria-label="Latency over time"] [data-status="failed"]').first().waitFor();

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

  it('links the incidents the check is evidence in', async () => {
    await sql`insert into people (id, name, email) values (${testSubjectId('admin')}, 'Ada Admin', 'ada@example.test')
      on conflict do nothing`.execute(e2e.server.db.kysely);
    const post = async (table: string, body: unknown) =>
      (await adminApi(e2e, `/api/db/${table}`, { method: 'POST', body: JSON.stringify(body) }))[0];
    const incident = await post('incidents', { title: 'Staging port closed', severity: 'high', type: 'availability' });
    const root = await post('hypotheses', {
      incident_id: incident.id,
      title: 'Port',
      type: 'root',
      status: 'possible',
    });
    await post('evidences', { hypothesis_id: root.id, type: 'check', check_id: ids['closed-port'], description: 'x' });

    const page = await e2e.page();
    await page.goto(`/health?checkId=${ids['closed-port']}`);
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('list', { name: 'Incidents' }).getByRole('link', { name: /Staging port closed/ });
    expect(await link.textContent()).toContain(incident.incident_id);
    await link.click();
    await page.waitForURL(`**/incidents/${incident.id}`);
    await page.getByRole('heading', { name: 'Staging port closed', exact: true }).waitFor();

    // a check that is evidence nowhere shows no incidents
    await page.goto(`/health?checkId=${ids['web-port']}`);
    await page.getByRole('dialog').getByRole('heading', { name: 'web-port' }).waitFor();
    await page.getByRole('dialog').getByRole('table', { name: 'Check history' }).waitFor();
    expect(await page.getByRole('dialog').getByRole('list', { name: 'Incidents' }).count()).toBe(0);
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
