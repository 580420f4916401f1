import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCatalogRetention } from '../../src/catalog/retention/job.js';
import { runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder, writeFiles } from './helpers.js';

let db: Db;
let dir: string;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const HOUR = 3_600_000;

const car = (changes: unknown[], analysis: unknown[], mileage = 100) => ({
  external_id: 'A-1',
  config_type: 'Car',
  config: { reg_no: 'A-1', make: 'Audi', mileage },
  changes,
  analysis,
});
const service = (id: string, at: string) => ({
  external_change_id: id,
  change_type: 'Service',
  summary: 'oil changed',
  created_at: at,
  details: { km: 1000 },
});
const tyres = { analyzer: 'tyre-wear', analysis_type: 'reliability', severity: 'medium', summary: 'front tyres worn' };

beforeAll(async () => {
  db = await createTestDb();
  dir = tempFolder({
    'car.json': car(
      [
        service('svc-1', '2026-03-01T09:00:00Z'),
        { external_change_id: 'wash-1', change_type: 'Wash' },
        { change_type: 'NoId' },
      ],
      [tyres],
    ),
  });
}, 180_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const spec = () => ({
  full: true,
  retention: {
    changes: [
      { name: 'Maintenance', count: 1 },
      { name: 'diff', age: '1h' },
    ],
    staleAnalysisAge: '48h',
  },
  file: [
    {
      type: 'Car',
      id: '$.reg_no',
      name: '$.make',
      paths: [`${dir}/*.json`],
      transform: {
        changes: {
          mapping: [
            { filter: "change_type == 'Service'", type: 'Maintenance', severity: 'low' },
            { filter: "change_type == 'Wash'", action: 'ignore' },
          ],
        },
      },
    },
  ],
});

let scraperId: string;
async function scrapeNow() {
  const config = buildScrapeConfig(spec(), 'garage');
  scraperId ??= (await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' })).id;
  return runScrape(db, { id: scraperId, config }, { clock, fileRoots: { fileRoots: [dir] } });
}

const changes = () =>
  db.kysely
    .selectFrom('config_changes')
    .select(['change_type', 'external_change_id', 'severity', 'summary', 'count', 'created_at'])
    .orderBy('created_at')
    .execute();
const insights = () =>
  db.kysely.selectFrom('config_analysis').select(['analyzer', 'analysis_type', 'severity', 'status']).execute();

describe('full: true', () => {
  it('stores the config part as the item and records its embedded changes (mapped) and insights', async () => {
    const run = await scrapeNow();
    expect(run.errors).toEqual([]);
    expect(run.warnings).toEqual([`file[0]: ${dir}/car.json: changes[2] has no external_change_id; dropped`]);
    const item = await db.kysely
      .selectFrom('config_items')
      .select(['name', 'type', 'config'])
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ name: 'Audi', type: 'Car', config: { reg_no: 'A-1', make: 'Audi', mileage: 100 } });
    // Service is re-typed by the mapping; Wash is ignored
    expect(await changes()).toEqual([
      {
        change_type: 'Maintenance',
        external_change_id: 'svc-1',
        severity: 'low',
        summary: 'oil changed',
        count: 1,
        created_at: new Date('2026-03-01T09:00:00Z'),
      },
    ]);
    expect(await insights()).toEqual([
      { analyzer: 'tyre-wear', analysis_type: 'reliability', severity: 'medium', status: 'open' },
    ]);
  });

  it('records an embedded change once however often it is scraped', async () => {
    clock.advance(HOUR);
    const run = await scrapeNow();
    expect(run.summary).toMatchObject({ changes: 0, deduped: 1, unchanged: 1 });
    expect((await changes()).map((c) => c.external_change_id)).toEqual(['svc-1']);
  });
});

describe('catalog retention', () => {
  it('keeps the newest changes of a type per item (count) and drops changes older than their age', async () => {
    // a second service, and a new mileage: a diff change
    writeFiles(dir, {
      'car.json': car(
        [service('svc-1', '2026-03-01T09:00:00Z'), service('svc-2', '2026-03-01T10:30:00Z')],
        [tyres],
        200,
      ),
    });
    clock.advance(HOUR);
    await scrapeNow();
    expect((await changes()).map((c) => c.external_change_id ?? c.change_type)).toEqual(['svc-1', 'svc-2', 'diff']);
    await applyCatalogRetention(db, clock);
    // count 1 keeps the newest Maintenance; the diff is not an hour old yet
    expect((await changes()).map((c) => c.external_change_id ?? c.change_type)).toEqual(['svc-2', 'diff']);
    clock.advance(2 * HOUR);
    await applyCatalogRetention(db, clock);
    expect((await changes()).map((c) => c.external_change_id ?? c.change_type)).toEqual(['svc-2']);
    const job = await db.kysely
      .selectFrom('job_history')
      .select(['name', 'status', 'details'])
      .where('name', '=', 'catalog_retention')
      .orderBy('time_start', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'SUCCESS', details: { changes_deleted: 1, analyses_resolved: 0 } });
  });

  it('resolves insights no scrape has observed for staleAnalysisAge', async () => {
    writeFiles(dir, { 'car.json': car([], [], 200) });
    clock.advance(HOUR);
    await scrapeNow();
    await applyCatalogRetention(db, clock);
    expect((await insights()).map((i) => i.status)).toEqual(['open']);
    clock.advance(47 * HOUR);
    await applyCatalogRetention(db, clock);
    expect((await insights()).map((i) => i.status)).toEqual(['resolved']);
    // observed again: open again
    writeFiles(dir, { 'car.json': car([], [tyres], 200) });
    await scrapeNow();
    expect((await insights()).map((i) => i.status)).toEqual(['open']);
    const n = await sql<{ n: number }>`select count(*)::int as n from config_analysis`.execute(db.kysely);
    expect(n.rows[0]?.n).toBe(1);
  });
});
