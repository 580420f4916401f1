import path from 'node:path';
import { testSubjectId } from '@opsdeck/server/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleView } from '../apps/server/src/views/sample.js';
import { fillPattern, routePatterns } from './crawl-routes.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi, seedChecks } from './health-fixture.js';

// A crawl of every screen as admin on a fresh database with one item of each kind: no screen
// shows an error (banner, alert, uncaught error, console error) or a bare uuid where a name
// exists, and the health, catalog, check detail and playbook run screens fit a 390 px phone.
let e2e: E2E;
let checkId = '';
const samples: Record<string, Record<string, string>> = {};
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const PHONE = { width: 390, height: 844 };

/** Creates a row through the API and returns its id. */
async function create(table: string, body: object): Promise<string> {
  const [row] = await adminApi(e2e, `/api/db/${table}`, { method: 'POST', body: JSON.stringify(body) });
  return row.id;
}
/** The id of the first row of a table, as its list page shows it. */
async function first(table: string): Promise<string> {
  const [row] = await adminApi(e2e, `/api/db/${table}?select=id&order=created_at.asc&limit=1`);
  if (!row) throw new Error(`no ${table} row to crawl`);
  return row.id;
}

beforeAll(async () => {
  e2e = await startE2E();
  // the signed-in admin as the person a first sign-in creates
  await e2e.server.db.kysely
    .insertInto('people')
    .values({ id: testSubjectId('admin'), name: 'Ada Admin', email: 'ada@example.test' })
    .execute();
  const ids = await seedChecks(e2e);
  checkId = ids['closed-port'] as string;
  const db = e2e.server.db.kysely;
  const [config] = await db
    .insertInto('config_items')
    .values({ config_class: 'Database', type: 'SQL::Database', name: 'orders-db' })
    .returning('id')
    .execute();
  await db.insertInto('config_scrapers').values({ name: 'node-files', spec: '{}' }).execute();
  await create('topologies', {
    name: 'shop',
    spec: { components: [{ name: 'checkout', type: 'service', status: 'healthy' }] },
  });
  await adminApi(e2e, `/api/canary/run/topology/${await first('topologies')}`, { method: 'POST' });
  const [component] = await adminApi(e2e, '/api/db/components?select=id&name=eq.checkout');
  const playbook = await create('playbooks', {
    name: 'restart-checkout',
    spec: {
      title: 'Restart checkout',
      components: [{ types: ['service'] }],
      actions: [{ name: 'restart', exec: { script: 'echo restart' } }],
    },
  });
  await adminApi(e2e, '/api/playbook/run', {
    method: 'POST',
    body: JSON.stringify({ id: playbook, component_id: component.id, params: {} }),
  });
  await create('incidents', { title: 'Checkout slow' });
  await create('applications', { name: 'shop', namespace: 'sales', spec: { type: 'Web shop' } });
  await create('status_pages', {
    name: 'storefront',
    title: 'Storefront status',
    spec: { groups: [{ name: 'Shop', checks: [{ labelSelector: 'env=prod' }] }] },
  });
  await create('maintenance_windows', {
    name: 'Storefront deploy',
    spec: {
      start: new Date(Date.now() + 3_600_000).toISOString(),
      end: new Date(Date.now() + 7_200_000).toISOString(),
      checks: [{ labelSelector: 'env=prod' }],
    },
  });
  await create('service_level_objectives', {
    name: 'storefront-availability',
    spec: { target: 99.9, window: '30d', indicator: { availability: { checks: { labelSelector: 'env=prod' } } } },
  });
  await create('teams', { name: 'shop-team' });
  await create('notifications', { name: 'shop-failures', events: ['check.failed'], custom_services: [] });
  await create('logging_backends', { name: 'shop-logs', spec: { file: [{ path: ['/dev/null'] }] } });
  await create('incident_rules', { name: 'checks down', spec: { checks: [{ labelSelector: 'env=prod' }] } });
  await createSampleView(e2e.server.ctx);
  // the first refresh starts the scratch SQL engine (seconds on a busy machine): not the page's wait
  await adminApi(e2e, '/api/view/default/opsdeck-checks');

  const settings = Object.fromEntries(
    await Promise.all(
      routePatterns()
        .filter((p) => /^\/settings\/\w+\/:id$/.test(p))
        .map(async (p) => {
          const table = p.split('/')[2] as string;
          return [`/settings/${table}`, { id: await first(table) }] as const;
        }),
    ),
  );
  const [run] = await adminApi(e2e, '/api/db/playbook_runs?select=id&limit=1');
  Object.assign(samples, settings, {
    '/topology': { id: component.id },
    '/view/topology': { id: component.id },
    '/catalog': { id: config?.id as string },
    '/catalog/scrapers': { id: await first('config_scrapers') },
    '/incidents': { id: await first('incidents') },
    '/playbooks/runs': { id: run.id },
    '/applications': { namespace: 'sales', name: 'shop' },
    '/views': { id: await first('views') },
    '/objectives': { id: await first('service_level_objectives') },
    '/notifications/resource': { resourceId: checkId },
    '/settings/integrations': { type: 'scrapers', id: await first('config_scrapers') },
  });
}, 240_000);
afterAll(async () => {
  await e2e?.close();
});

/** Records uncaught page errors and console errors of a page, newest last. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * Opens a screen the way a click in the app does (a history entry the router follows, no reload,
 * so the crawl downloads the app once) and waits until no spinner turns.
 */
async function open(page: Page, url: string): Promise<string[]> {
  if (!page.url().startsWith('http')) await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  }
  await page.getByRole('main').or(page.getByRole('dialog')).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(150);
  const spinning = () => page.locator('.animate-spin:visible').count();
  const settled = await expect
    .poll(spinning, { timeout: 10_000 })
    .toBe(0)
    .then(() => true)
    .catch(() => false);
  await page.waitForTimeout(150);
  return settled ? [] : ['still loading after 10 s'];
}

/** What is wrong on the screen shown: alerts and cells holding a bare uuid. */
async function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
    const problems: string[] = [];
    for (const el of document.querySelectorAll('[role="alert"]')) {
      if (visible(el)) problems.push(`alert: ${(el.textContent ?? '').trim().slice(0, 120)}`);
    }
    for (const el of document.querySelectorAll('td, dd, [role="cell"], [role="gridcell"]')) {
      const text = (el as HTMLElement).innerText?.trim() ?? '';
      if (visible(el) && uuid.test(text)) problems.push(`uuid in a cell: ${text}`);
    }
    return problems;
  });
}

/** What overflows a phone screen: the page scrolling sideways, headings and buttons cut off. */
async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scrollsSideways = (el: Element | null): boolean =>
      el !== null && (/auto|scroll/.test(getComputedStyle(el).overflowX) || scrollsSideways(el.parentElement));
    const root = document.scrollingElement as Element;
    if (root.scrollWidth > window.innerWidth + 1) problems.push(`page ${root.scrollWidth}px wide`);
    for (const el of document.querySelectorAll('h1, h2, h3, h4, button, [role="tab"]')) {
      const box = el as HTMLElement;
      if (box.getClientRects().length === 0) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`clipped ${el.tagName.toLowerCase()}: ${(box.innerText || box.ariaLabel || '').trim()}`);
      }
      // past the right edge, unless inside a strip that scrolls sideways (tabs, wide tables)
      const right = box.getBoundingClientRect().right;
      if (right > window.innerWidth + 1 && !scrollsSideways(box.parentElement)) {
        problems.push(`off screen ${el.tagName.toLowerCase()}: ${(box.innerText || box.ariaLabel || '').trim()}`);
      }
    }
    return problems;
  });
}

describe('crawl', () => {
  it('shows every screen without an error or a bare uuid', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const problems: string[] = [];
    for (const pattern of routePatterns()) {
      const url = fillPattern(pattern, samples);
      errors.length = 0;
      const loading = await open(page, url);
      const found = [...loading, ...(await screenProblems(page)), ...errors];
      for (const p of found) problems.push(`${url}: ${p}`);
      if (found.length) console.log(url, found);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('fits the health, catalog, check detail and playbook run screens on a 390 px phone', async () => {
    const page = await e2e.page({ viewport: PHONE });
    const errors = watchErrors(page);
    const problems: string[] = [];
    const screens = [
      '/health?hidePassing=false',
      `/health?checkId=${checkId}`,
      '/catalog',
      fillPattern('/catalog/:id', samples),
      '/playbooks/runs',
      fillPattern('/playbooks/runs/:id', samples),
    ];
    for (const url of screens) {
      errors.length = 0;
      const loading = await open(page, url);
      const found = [...loading, ...(await overflowProblems(page)), ...(await screenProblems(page)), ...errors];
      for (const p of found) problems.push(`${url}: ${p}`);
      if (found.length) console.log(url, found);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the check name, every action and the message of a failing check at 390 px', async () => {
    const page = await e2e.page({ viewport: PHONE });
    await open(page, `/health?checkId=${checkId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'closed-port' }).waitFor();
    await dialog.getByRole('button', { name: 'Link to Incident' }).waitFor();
    // the failure message wraps by words inside the dialog, several characters a line
    const history = dialog.getByRole('table', { name: 'Check history' });
    const message = history.locator('tbody td').last();
    await message.getByText('ECONNREFUSED').waitFor();
    expect(((await message.boundingBox()) as { width: number }).width).toBeGreaterThan(90);
    // the table stays inside the panel it sits in: nothing to scroll sideways to read the message
    const overhang = await history.evaluate(
      (t) => t.getBoundingClientRect().right - (t.parentElement as Element).getBoundingClientRect().right,
    );
    expect(overhang).toBeLessThanOrEqual(1);
    await page.screenshot({ path: path.join(SHOTS, 'check-detail-phone.png') });
  });
});
