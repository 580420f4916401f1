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
  e2e = await startE2E({ config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] } } });
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
    await page.getByText('60 of 60 lines').waitFor(); // the last hour (asked a few seconds after the newest line), a line a minute
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
    await page.screenshot({ path: path.join(SHOTS, 'logs.png') });

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
});
