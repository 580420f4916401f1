import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStoredScraper } from '../apps/server/src/catalog/runs/run.js';
import { createSampleScraper } from '../apps/server/src/catalog/sample.js';
import { DEFAULT_SANDBOX } from '../apps/server/src/sandbox/config.js';
import { type E2E, startE2E } from './harness.js';

// A first run: the sample scraper of a fresh embedded database (this host, its filesystems and
// network interfaces) fills /catalog, each row with the icon of its type, and the host's
// relationships lead to its parts.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  e2e = await startE2E();
  const id = (await createSampleScraper(e2e.server.ctx)) as string;
  const { name, namespace, spec } = await e2e.server.db.kysely
    .selectFrom('config_scrapers')
    .select(['name', 'namespace', 'spec'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // what the catalog worker does seconds after a first start
  const run = await runStoredScraper(
    e2e.server.db,
    { id, name, namespace, spec },
    { clock: e2e.server.ctx.clock, sandbox: DEFAULT_SANDBOX },
  );
  expect(run.errors).toEqual([]);
});
afterAll(async () => {
  await e2e?.close();
});

describe('a fresh catalog', () => {
  it('shows the sample items, each with the icon of its type, and the host related to its parts', async () => {
    const page = await e2e.page({ viewport: { width: 1440, height: 900 } });
    await page.goto('/catalog');
    const table = page.getByRole('table', { name: 'Config items' });
    await table.getByRole('cell', { name: 'Host::Filesystem' }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Get started' }).count()).toBe(0);

    // every row has an icon, hidden from screen readers, next to its type written out
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(2);
    const icons = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const svg = tr.querySelector('svg[data-icon]');
        return { icon: svg?.getAttribute('data-icon'), hidden: svg?.getAttribute('aria-hidden') };
      }),
    );
    expect(icons.every((i) => i.hidden === 'true')).toBe(true);
    expect(new Set(icons.map((i) => i.icon))).toEqual(new Set(['host', 'filesystem', 'network']));
    // the summary shows them too
    const summary = page.getByRole('region', { name: 'Catalog summary' });
    await summary.locator('svg[data-icon="host"]').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'catalog-sample.png') });

    // the host leads to its filesystems and interfaces
    await table
      .locator('tbody tr')
      .filter({ has: page.locator('svg[data-icon="host"]') })
      .getByRole('link')
      .click();
    await page.waitForURL(/\/catalog\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: /Relationships/ }).click();
    const related = page.getByRole('table', { name: 'Related config items' });
    await related.getByRole('cell', { name: 'Host::Filesystem' }).first().waitFor();
    expect(await related.locator('svg[data-icon="network"]').count()).toBeGreaterThan(0);
  });
});
