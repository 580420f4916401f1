import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scrapeStored } from '@opsdeck/server/test';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// The catalog from a person's seat: a file scraper added in the editor over a folder of JSON
// files, its items on /catalog, a rescrape after a file changed, the diff on the item and on
// /catalog/changes, a relationship followed in the graph, and what changed before a check failed.

const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `catalog-${name}.png`) });

const web = { id: 'web-1', name: 'web-1', type: 'Demo::Web', health: 'healthy', replicas: 2, image: 'web:1.0' };
const orders = { id: 'db-1', name: 'orders-db', type: 'Demo::Database', health: 'warning', engine: 'postgres' };

let e2e: E2E;
// the browser tests share two cores with other work: give the page time
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
let dir: string;
const write = (name: string, value: unknown) => writeFileSync(path.join(dir, name), JSON.stringify(value, null, 2));

async function itemId(name: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from config_items where name = ${name}`.execute(
    e2e.server.db.kysely,
  );
  return rows[0]?.id as string;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-catalog-'));
  write('web.json', web);
  write('orders.json', orders);
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the catalog', () => {
  let scraperId: string;

  it('adds a file scraper in the editor and shows its run and items', async () => {
    const page = await e2e.page();
    await page.goto('/catalog/scrapers');
    await page.getByRole('link', { name: 'Add scraper' }).click();
    await page.waitForURL('**/catalog/scrapers/new');
    const editor = page.getByRole('textbox', { name: 'ScrapeConfig YAML' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      [
        'apiVersion: configs.flanksource.com/v1',
        'kind: ScrapeConfig',
        'metadata:',
        '  name: demo-files',
        'spec:',
        '  schedule: "@every 1h"',
        '  file:',
        '    - type: $.type',
        '      class: Service',
        '      id: $.id',
        '      name: $.name',
        '      health: $.health',
        `      paths: ["${dir}/*.json"]`,
        '      properties:',
        '        - name: image',
        '          text: "{{ .config.image }}"',
        '        - name: docs',
        '          type: url',
        '          text: "https://docs.example.com/{{ .name }}"',
        '        - name: tier',
        '          type: badge',
        '          text: gold',
        '        - name: memory',
        '          value: 805306368',
        '          max: 1073741824',
        '          unit: bytes',
        '        - name: runbook',
        '          links: [{label: Runbook, url: "https://runbooks.example.com/web"}, {label: Evil, url: "javascript:alert(1)"}]',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    scraperId = page.url().split('/').at(-1) as string;

    // a run, as the schedule or Run Now makes it
    const run = await scrapeStored(e2e.server.db, scraperId, [dir]);
    expect(run.summary.added).toBe(2);
    await page.reload();
    await page.getByRole('tab', { name: 'Job History' }).click();
    const jobs = page.getByRole('table', { name: 'Job history' });
    await poll(() => jobs.getByRole('row').count()).toBe(2); // the header and the one run
    expect(await jobs.getByRole('row').nth(1).textContent()).toContain('SUCCESS');
    await shot(page, 'scraper');

    await page.goto('/catalog/scrapers');
    const row = page.getByRole('row', { name: /demo-files/ });
    await poll(() => row.getByText('SUCCESS').count()).toBe(1);
    expect(await row.getByText('file', { exact: true }).count()).toBe(1);
    await shot(page, 'scrapers');

    await page.goto('/catalog');
    const summary = page.getByRole('region', { name: 'Catalog summary' });
    await poll(() => summary.getByText('Demo::Web').count()).toBe(1);
    const list = page.getByRole('table', { name: 'Config items' });
    await poll(() => list.getByRole('link', { name: 'orders-db' }).count()).toBe(1);
    expect(await list.getByRole('link', { name: 'web-1' }).count()).toBe(1);
    // the summary filters the list by type
    await summary.getByRole('button', { name: /Demo::Database/ }).click();
    await poll(() => list.getByRole('link', { name: 'web-1' }).count()).toBe(0);
    expect(await list.getByRole('link', { name: 'orders-db' }).count()).toBe(1);
    await shot(page, 'list');
  });

  it('shows the diff of a rescrape on the item and on the changes page', async () => {
    write('web.json', { ...web, replicas: 3, image: 'web:1.1' });
    const run = await scrapeStored(e2e.server.db, scraperId, [dir]);
    expect(run.summary.changes).toBe(1);
    const webId = await itemId('web-1');

    const page = await e2e.page();
    await page.goto(`/catalog/${webId}`);
    await page.getByRole('heading', { name: 'web-1' }).waitFor();
    // the scraper's properties, rendered per item: text, a link, a badge, a value in its unit, links
    const props = page.getByRole('region', { name: 'Properties' });
    await poll(() => props.locator('[data-property="image"]').textContent()).toBe('web:1.1');
    expect(await props.getByRole('link', { name: 'https://docs.example.com/web-1' }).getAttribute('href')).toBe(
      'https://docs.example.com/web-1',
    );
    expect(await props.locator('[data-property="tier"]').textContent()).toBe('gold');
    expect(await props.locator('[data-property="memory"]').textContent()).toBe('768 MiB of 1 GiB(75%)');
    expect(await props.getByRole('link', { name: 'Runbook' }).getAttribute('href')).toBe(
      'https://runbooks.example.com/web',
    );
    // a javascript: url stays text
    expect(await props.getByRole('link', { name: 'Evil' }).count()).toBe(0);
    expect(await props.getByText('Evil').count()).toBe(1);
    await page.getByLabel('Compare with version').selectOption({ index: 1 });
    const diff = page.getByTestId('diff');
    await poll(() => diff.textContent()).toContain('-  "replicas": 2,');
    expect(await diff.textContent()).toContain('+  "replicas": 3,');
    await shot(page, 'config-diff');

    await page.getByRole('tab', { name: /Changes/ }).click();
    await page.waitForURL(`**/catalog/${webId}/changes`);
    await page.getByRole('list', { name: 'Changes' }).getByRole('button', { name: /diff/ }).click();
    const modal = page.getByRole('dialog');
    await poll(() => modal.getByTestId('diff').textContent()).toContain('+  "image": "web:1.1",');
    expect(await modal.getByTestId('patches').textContent()).toContain('"replicas": 3');
    await shot(page, 'config-changes');
    await page.keyboard.press('Escape');

    await page.goto('/catalog/changes');
    const changes = page.getByRole('table', { name: 'Config changes' });
    const row = changes.getByRole('row', { name: /web-1.*diff/ });
    await row.click();
    await poll(() => page.getByRole('dialog').getByTestId('diff').textContent()).toContain('-  "image": "web:1.0",');
    await page.keyboard.press('Escape');
    // the database started out warning: the health change is listed too
    expect(await changes.getByRole('row', { name: /orders-db.*Warning/ }).count()).toBe(1);
    await shot(page, 'changes');
  });

  it('follows a relationship in the graph', async () => {
    const webId = await itemId('web-1');
    const dbId = await itemId('orders-db');
    await sql`insert into config_relationships (config_id, related_id, relation) values (${webId}, ${dbId}, 'uses')`.execute(
      e2e.server.db.kysely,
    );
    const page = await e2e.page();
    await page.goto(`/catalog/${webId}/relationships`);
    const table = page.getByRole('table', { name: 'Related config items' });
    await poll(() => table.getByRole('link', { name: 'orders-db' }).count()).toBe(1);
    await page.getByTestId(`graph-node-${dbId}`).waitFor();
    await shot(page, 'relationships');
    await page.getByTestId(`graph-node-${dbId}`).click();
    await page.waitForURL(`**/catalog/${dbId}/relationships`);
    await page.getByRole('heading', { name: 'orders-db' }).waitFor();
    await poll(() =>
      page.getByRole('table', { name: 'Related config items' }).getByRole('link', { name: 'web-1' }).count(),
    ).toBe(1);
  });

  it('lists on a failing check what changed on its config items before it failed', async () => {
    const webId = await itemId('web-1');
    const db = e2e.server.db.kysely;
    const { rows } = await sql<{
      id: string;
    }>`insert into canaries (name, spec) values ('web', '{}'::jsonb) returning id`.execute(db);
    const canaryId = rows[0]?.id as string;
    const check = await sql<{ id: string }>`
      insert into checks (canary_id, type, name, status, last_transition_time, last_runtime)
      values (${canaryId}, 'http', 'web-home', 'unhealthy', now(), now()) returning id`.execute(db);
    const checkId = check.rows[0]?.id as string;
    await sql`insert into check_statuses (check_id, time, status, duration, message) values (${checkId}, now(), false, 20, 'HTTP 502')`.execute(
      db,
    );

    const page = await e2e.page();
    await page.goto(`/health?checkId=${checkId}`);
    const dialog = page.getByRole('dialog');
    // link the check to the web server from its Relationships tab
    await dialog.getByRole('tab', { name: /Relationships/ }).click();
    await dialog.getByRole('button', { name: 'Link to catalog' }).click();
    const picker = page.getByRole('dialog', { name: 'Link to catalog' });
    await picker.getByLabel('Config item name').fill('web');
    await picker.getByRole('list', { name: 'Matching config items' }).getByRole('button', { name: 'Link' }).click();
    await poll(() => dialog.getByRole('link', { name: 'web-1' }).count()).toBe(1);
    expect(
      (
        await sql`select 1 from check_config_relationships where check_id = ${checkId} and config_id = ${webId}`.execute(
          db,
        )
      ).rows,
    ).toHaveLength(1);

    await dialog.getByRole('tab', { name: 'What changed' }).click();
    const before = dialog.getByRole('list', { name: 'Changes before the failure' });
    // the web server's diff and, one hop away, the database's health change; newest first
    await poll(() => before.getByRole('button').count()).toBe(2);
    expect(await before.getByRole('button').first().textContent()).toContain('web-1');
    await shot(page, 'check-what-changed');
    await before.getByRole('button', { name: /web-1/ }).click();
    await poll(() => page.getByRole('dialog', { name: /diff/ }).getByTestId('diff').textContent()).toContain(
      '+  "replicas": 3,',
    );
  });
});
