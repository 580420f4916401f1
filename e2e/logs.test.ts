import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A file log backend over a real log file (a line a minute for three hours, every fifth a payment
// timeout, one coloured, one carrying markup), routed from the 'checkout' component's log selector.
let e2e: E2E;
let dir = '';
const NOW = Date.now();
const MIN = 60_000;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
/** A datetime-local value in the browser's zone (the same machine's). */
const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * MIN).toISOString().slice(0, 16);

/**
 * pino-style JSON lines (oldest first): 30 identical health probes a minute apart, then a payment
 * failure whose error code sits only in a nested field, a logfmt line and a plain one.
 */
function structuredLines(): string[] {
  const at = (min: number) => NOW - min * MIN;
  const probes = Array.from({ length: 30 }, (_, k) =>
    JSON.stringify({ level: 30, time: at(39 - k), msg: 'incoming request', req: { method: 'GET', url: '/healthz' } }),
  );
  const failure = {
    level: 50,
    time: at(5),
    msg: 'payment failed',
    gateway: 'stripe',
    err: { code: 'card_declined', message: 'Your card was declined. '.repeat(8).trim() },
    order: { id: 'A-77', items: [{ sku: 'mug', qty: 2 }] },
  };
  return [
    ...probes,
    JSON.stringify(failure),
    `${new Date(at(3)).toISOString()} level=warn msg="slow query" table=orders duration_ms=812`,
    `${new Date(at(1)).toISOString()} INFO cache warm`,
  ];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-e2e-logs-'));
  const lines = Array.from({ length: 180 }, (_, k) => {
    const i = 179 - k; // minutes ago
    const t = new Date(NOW - i * MIN).toISOString();
    if (i === 3) return `${t} \u001b[31mERROR\u001b[0m payment timeout colour order=${i}`;
    if (i === 4) return `${t} WARN <img src=x onerror="window.pwned=1"> order=${i}`;
    return `${t} ${i % 5 === 0 ? 'ERROR payment timeout' : 'INFO request ok'} order=${i}`;
  });
  await writeFile(path.join(dir, 'shop.log'), `${lines.join('\n')}\n`);
  await writeFile(path.join(dir, 'shop.json.log'), `${structuredLines().join('\n')}\n`);
  e2e = await startE2E({ config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] } } });
  await adminApi(e2e, '/api/db/logging_backends', {
    method: 'POST',
    body: JSON.stringify({ name: 'shop-json', spec: { file: [{ path: [path.join(dir, 'shop.json.log')] }] } }),
  });
  await adminApi(e2e, '/api/db/logging_backends', {
    method: 'POST',
    body: JSON.stringify({
      name: 'shop-logs',
      spec: { file: [{ path: [path.join(dir, 'shop.log')], labels: { app: 'shop' } }] },
    }),
  });
  const [topology] = await adminApi(e2e, '/api/db/topologies', {
    method: 'POST',
    body: JSON.stringify({
      name: 'shop',
      spec: { components: [{ name: 'checkout', type: 'service', logs: [{ name: 'app', backend: 'shop-logs' }] }] },
    }),
  });
  await adminApi(e2e, `/api/canary/run/topology/${topology.id}`, { method: 'POST' });
});
afterAll(async () => {
  await e2e?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('logs page', () => {
  it('searches a component file backend by text and time range', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/logs');
    await page.getByText('Please select a component to view the logs').waitFor();

    await page.getByLabel('Component').selectOption({ label: 'checkout' });
    await page
      .getByRole('table', { name: 'Logs' })
      .waitFor()
      .catch(async (err) => {
        await page.screenshot({ path: '/tmp/logs-e2e-fail.png' });
        throw err;
      });
    // the last hour, a line a minute: 60 lines, or 59 when the machine is so loaded that more than a
    // minute passed between writing the file and asking
    await page.getByText(/^(60 of 60|59 of 59) lines$/).waitFor();
    const table = page.getByRole('table', { name: 'Logs' });
    // ANSI codes stripped, markup shown as text and never run
    await table.getByText('ERROR payment timeout colour order=3').waitFor();
    await table.getByText('WARN <img src=x onerror="window.pwned=1"> order=4').waitFor();
    expect(await table.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    await page.getByLabel('Search logs').fill('payment timeout');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('13 of 13 lines').waitFor(); // minutes 0, 5, ... 55 and the coloured one at 3
    const messages = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(messages.length).toBe(13);
    for (const m of messages) expect(m).toContain('payment timeout');
    expect(new URL(page.url()).searchParams.get('query')).toBe('payment timeout');

    // a custom range two to two and a half hours ago: minutes 120..150, every fifth
    await page.getByLabel('Time range').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(local(NOW - 150 * MIN));
    await page.getByLabel('To', { exact: true }).fill(local(NOW - 119 * MIN));
    await page.getByText('7 of 7 lines').waitFor();
    const ranged = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(ranged).toEqual([120, 125, 130, 135, 140, 145, 150].map((i) => `ERROR payment timeout order=${i}`));

    await page.getByLabel('Search logs').fill('no such line');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('There are no logs matching the search query').waitFor();
  });

  it('shows a structured line with its fields, expands it, and collapses identical lines into one ×N row', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/logs');
    await page.getByLabel('Log backend').selectOption('shop-json');
    const table = page.getByRole('table', { name: 'Logs' });
    await page.getByText('33 of 33 lines in 4 rows').waitFor();

    // the 30 probes are one row with its count and first time; expanding it lists every time
    const probes = table.getByRole('row').filter({ hasText: 'incoming request' });
    await probes.getByText('×30').waitFor();
    await probes.getByText(/^first /).waitFor();
    expect(await probes.getByText('req.url=/healthz').count()).toBe(1);
    await probes.getByRole('button', { name: 'Details' }).click();
    const times = page.getByRole('region', { name: 'Times' });
    await times.getByText('Seen 30 times').waitFor();
    expect(await times.getByRole('listitem').count()).toBe(30);

    // a search term found only in a nested field: the row shows that field inline, the term marked
    await page.getByLabel('Search logs').fill('card_declined');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 of 1 lines').waitFor();
    const failure = table.getByRole('row').filter({ hasText: 'payment failed' });
    await failure.getByText('err.code=card_declined').waitFor();
    expect(await failure.locator('mark').allTextContents()).toEqual(['card_declined']);

    // expands by keyboard: every field, nested values as formatted JSON, the labels, a copy of the line
    const details = failure.getByRole('button', { name: 'Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.focus();
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    const fields = page.getByRole('region', { name: 'Fields' });
    await fields.getByText('gateway').waitFor();
    await fields.getByText('stripe', { exact: true }).waitFor();
    await fields.locator('pre', { hasText: '"id": "A-77"' }).waitFor();
    await page.getByRole('region', { name: 'Labels' }).getByText('file', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy line' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'logs.png') });
    await page.keyboard.press('Space');
    expect(await details.getAttribute('aria-expanded')).toBe('false');

    // a logfmt line's fields too, and the toggle shows every repeated line again
    await page.getByLabel('Search logs').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('row').filter({ hasText: 'slow query' }).getByText('table=orders').waitFor();
    await page.getByLabel('Collapse repeats').uncheck();
    await page.getByText('33 of 33 lines', { exact: true }).waitFor();
    expect(await table.getByText('×30').count()).toBe(0);
  });

  it('an expanded line wraps on a 390 px phone, with no sideways scrolling', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 } });
    await page.goto('/logs?backend=shop-json&query=payment');
    const row = page.getByRole('table', { name: 'Logs' }).getByRole('row').filter({ hasText: 'payment failed' });
    await row.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Fields' }).getByText('Your card was declined.', { exact: false }).waitFor();
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table[aria-label="Logs"]')?.parentElement as HTMLElement;
      return { page: document.documentElement.scrollWidth, scroller: table.scrollWidth - table.clientWidth };
    });
    expect(overflow.page).toBeLessThanOrEqual(390);
    const search = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    expect((search?.x ?? 0) + (search?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(overflow.scroller).toBeLessThanOrEqual(0);
  });
});
