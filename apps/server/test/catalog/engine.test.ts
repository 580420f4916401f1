import { rmSync, unlinkSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScrape, runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import { ConnectionResolver } from '../../src/connections/store.js';
import '../../src/connections/tables.js';
import { openSecretBox } from '../../src/crypto/secretBox.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder, writeFiles } from './helpers.js';

let db: Db;
let dir: string;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  db = await createTestDb();
  dir = tempFolder({
    'audi.json': { reg_no: 'A-1', make: 'Audi', mileage: 100, health: 'healthy' },
    'bmw.json': { reg_no: 'B-2', make: 'BMW', mileage: 500, health: 'healthy' },
  });
}, 180_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const spec = () => ({
  file: [
    {
      type: 'Car',
      id: '$.reg_no',
      name: '$.make',
      health: '$.health',
      paths: [`${dir}/*.json`],
      transform: { changes: { exclude: ["summary == 'make'"] } },
    },
  ],
});

let scraperId: string;
async function scrapeNow() {
  const config = buildScrapeConfig(spec(), 'cars');
  scraperId ??= (await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' })).id;
  return runScrape(db, { id: scraperId, config }, { clock, fileRoots: { fileRoots: [dir] } });
}

async function item(externalId: string) {
  return db.kysely
    .selectFrom('config_items')
    .selectAll()
    .where(sql<boolean>`external_id[1] = ${externalId}`)
    .executeTakeFirstOrThrow();
}

async function changesOf(externalId: string) {
  const { id } = await item(externalId);
  return db.kysely
    .selectFrom('config_changes')
    .select(['change_type', 'summary', 'count', 'diff', 'patches', 'created_at', 'first_observed', 'source'])
    .where('config_id', '=', id)
    .orderBy('first_observed')
    .orderBy('change_type')
    .execute();
}

async function lastJob() {
  return db.kysely
    .selectFrom('job_history')
    .select(['name', 'status', 'resource_type', 'resource_id', 'success_count', 'error_count', 'details'])
    .orderBy('time_start', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

describe('scrape engine', () => {
  it('stores new items and writes a job_history row with the scrape summary', async () => {
    const run = await scrapeNow();
    expect(run.errors).toEqual([]);
    expect(run.summary).toMatchObject({ added: 2, updated: 0, unchanged: 0, deleted: 0, changes: 0 });
    const audi = await item('A-1');
    expect(audi).toMatchObject({
      name: 'Audi',
      type: 'Car',
      config_class: 'Car',
      health: 'healthy',
      scraper_id: scraperId,
    });
    expect(audi.created_at).toEqual(clock.now());
    const job = await lastJob();
    expect(job).toMatchObject({
      name: 'scrape',
      status: 'SUCCESS',
      resource_type: 'config_scraper',
      resource_id: scraperId,
      success_count: 2,
      error_count: 0,
    });
    expect((job.details as { scrape_summary: { types: Record<string, unknown> } }).scrape_summary.types.Car).toEqual({
      added: 2,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      changes: 0,
      deduped: 0,
    });
  });

  it('records a diff change with the unified diff, merge patch and changed paths', async () => {
    clock.advance(10 * MINUTE);
    writeFiles(dir, { 'audi.json': { reg_no: 'A-1', make: 'Audi', mileage: 150, health: 'healthy' } });
    const run = await scrapeNow();
    expect(run.summary).toMatchObject({ added: 0, updated: 1, unchanged: 1, changes: 1 });
    const [change] = await changesOf('A-1');
    expect(change).toMatchObject({
      change_type: 'diff',
      source: 'diff',
      summary: 'mileage',
      count: 1,
      patches: { mileage: 150 },
    });
    expect(change?.diff).toContain('-  "mileage": 100,');
    expect(change?.diff).toContain('+  "mileage": 150,');
    expect(change?.diff).toMatch(/^--- a\/config\.json/m);
    expect(change?.created_at).toEqual(clock.now());
    expect((await item('A-1')).updated_at).toEqual(clock.now());
  });

  it('grows the count of the same kind of change within the dedupe window instead of adding rows', async () => {
    const firstSeen = clock.now();
    clock.advance(20 * MINUTE);
    writeFiles(dir, { 'audi.json': { reg_no: 'A-1', make: 'Audi', mileage: 180, health: 'healthy' } });
    expect((await scrapeNow()).summary).toMatchObject({ changes: 0, deduped: 1 });
    let changes = await changesOf('A-1');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ count: 2, patches: { mileage: 180 }, first_observed: firstSeen });
    expect(changes[0]?.created_at).toEqual(clock.now());

    // past the window (one hour since the last one) it is a new row
    clock.advance(61 * MINUTE);
    writeFiles(dir, { 'audi.json': { reg_no: 'A-1', make: 'Audi', mileage: 200, health: 'healthy' } });
    expect((await scrapeNow()).summary).toMatchObject({ changes: 1, deduped: 0 });
    changes = await changesOf('A-1');
    expect(changes.map((c) => c.count)).toEqual([2, 1]);
  });

  it('leaves out changes that transform.changes.exclude matches, but still updates the item', async () => {
    clock.advance(MINUTE);
    writeFiles(dir, { 'bmw.json': { reg_no: 'B-2', make: 'BMW M', mileage: 500, health: 'healthy' } });
    expect((await scrapeNow()).summary).toMatchObject({ updated: 1, changes: 0 });
    expect(await changesOf('B-2')).toEqual([]);
    expect((await item('B-2')).name).toBe('BMW M');
  });

  it('records a health transition as a change at the time of the scrape', async () => {
    clock.advance(MINUTE);
    writeFiles(dir, { 'bmw.json': { reg_no: 'B-2', make: 'BMW M', mileage: 500, health: 'unhealthy' } });
    await scrapeNow();
    const changes = await changesOf('B-2');
    expect(changes.map((c) => [c.change_type, c.source])).toEqual([
      ['Unhealthy', 'health'],
      ['diff', 'diff'],
    ]);
    expect(changes[0]?.created_at).toEqual(clock.now());
    expect((await item('B-2')).health).toBe('unhealthy');
  });

  it('keeps every item when a scrape fails, and records the error', async () => {
    clock.advance(MINUTE);
    unlinkSync(`${dir}/bmw.json`);
    writeFiles(dir, { 'audi.json': '{ "reg_no": "A-1", broken' });
    const run = await scrapeNow();
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toMatch(/^file\[0\]: .*audi\.json: /);
    expect(run.summary.deleted).toBe(0);
    expect((await item('A-1')).deleted_at).toBeNull();
    expect((await item('B-2')).deleted_at).toBeNull();
    const job = await lastJob();
    expect(job).toMatchObject({ status: 'FAILED', error_count: 1 });
    expect((job.details as { errors: string[] }).errors[0]).toContain('audi.json');
  });

  it('soft-deletes items a clean scrape no longer sees, and revives them when they return', async () => {
    clock.advance(MINUTE);
    writeFiles(dir, { 'audi.json': { reg_no: 'A-1', make: 'Audi', mileage: 200, health: 'healthy' } });
    const run = await scrapeNow();
    expect(run.summary).toMatchObject({ deleted: 1, unchanged: 1 });
    const gone = await item('B-2');
    expect(gone.deleted_at).toEqual(clock.now());
    expect(gone.delete_reason).toBe('STALE');

    clock.advance(MINUTE);
    writeFiles(dir, { 'bmw.json': { reg_no: 'B-2', make: 'BMW M', mileage: 500, health: 'unhealthy' } });
    expect((await scrapeNow()).summary).toMatchObject({ added: 0, updated: 1 });
    expect(await item('B-2')).toMatchObject({ deleted_at: null, delete_reason: null });
  });
});

describe('sql scraper with a stored connection', () => {
  it('resolves connection://namespace/name to the stored URL', async () => {
    await db.kysely
      .insertInto('connections')
      .values({
        name: 'catalog-pg',
        namespace: 'ops',
        type: 'postgres',
        url: 'postgres://postgres@127.0.0.1:5432/postgres',
      })
      .execute();
    const resolver = new ConnectionResolver(db, openSecretBox({ secretKey: 'catalog-test-key', dataDir: dir }));
    const config = buildScrapeConfig({
      sql: [{ type: 'Row', id: '$.id', connection: 'connection://ops/catalog-pg', query: "select 'r1' as id, 2 as n" }],
    });
    const { results } = await collectScrape(config, { clock, fileRoots: { fileRoots: [] }, resolver });
    expect(results[0]?.errors).toEqual([]);
    expect(results[0]?.items[0]).toMatchObject({ externalId: 'r1', config: { id: 'r1', n: 2 } });
  });
});
