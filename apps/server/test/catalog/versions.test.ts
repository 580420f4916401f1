import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisedJson } from '../../src/catalog/diff.js';
import { runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder, writeFiles } from './helpers.js';

// Earlier versions of a config rebuilt from its diff changes, after real scrapes of a folder.

let server: TestServer;
let dir: string;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const v1 = { reg_no: 'A-1', make: 'Audi', mileage: 100, owner: { name: 'Ann' } };
const v2 = { ...v1, mileage: 2500 };
const v3 = { ...v2, owner: { name: 'Bob' }, colour: 'red' };

beforeAll(async () => {
  server = await startTestServer();
  dir = tempFolder({ 'audi.json': v1 });
  const config = buildScrapeConfig(
    { file: [{ type: 'Car', id: '$.reg_no', name: '$.make', paths: [`${dir}/*.json`] }], schedule: '@every 1h' },
    'cars',
  );
  const { id } = await saveScrapeConfig(server.db.kysely, config, { source: 'ConfigFile' });
  const scrape = () => runScrape(server.db, { id, config }, { clock, fileRoots: { fileRoots: [dir] } });
  await scrape();
  for (const next of [v2, v3]) {
    clock.advance(2 * 60 * 60_000); // beyond the dedupe window
    writeFiles(dir, { 'audi.json': next });
    await scrape();
  }
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/catalog/configs/:id/versions/:changeId', () => {
  it('rebuilds the config as it was before any diff change and diffs it against now', async () => {
    const [item] = (await (await server.fetch('/api/db/config_items?select=id', { as: 'viewer' })).json()) as Array<{
      id: string;
    }>;
    const changes = (await (
      await server.fetch(
        `/api/db/config_changes?config_id=eq.${item?.id}&change_type=eq.diff&select=id,summary&order=created_at.asc`,
        { as: 'viewer' },
      )
    ).json()) as Array<{ id: string; summary: string }>;
    expect(changes.map((c) => c.summary)).toEqual(['mileage', 'owner.name, colour']);
    const first = await server.fetch(`/api/catalog/configs/${item?.id}/versions/${changes[0]?.id}`, { as: 'viewer' });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { before: string; current: string; diff: string };
    expect(body.before).toBe(normalisedJson(v1));
    expect(body.current).toBe(normalisedJson(v3));
    expect(body.diff).toContain('-  "mileage": 100,');
    expect(body.diff).toContain('+  "colour": "red",');
    const second = (await (
      await server.fetch(`/api/catalog/configs/${item?.id}/versions/${changes[1]?.id}`, { as: 'viewer' })
    ).json()) as { before: string };
    expect(second.before).toBe(normalisedJson(v2));
  });

  it('answers 400 for ids that are not uuids and 404 for unknown ones', async () => {
    expect((await server.fetch('/api/catalog/configs/x/versions/y', { as: 'viewer' })).status).toBe(400);
    const unknown = '00000000-0000-4000-a000-000000000999';
    expect((await server.fetch(`/api/catalog/configs/${unknown}/versions/${unknown}`, { as: 'viewer' })).status).toBe(
      404,
    );
    expect((await server.fetch(`/api/catalog/configs/${unknown}/versions/${unknown}`, { as: null })).status).toBe(401);
  });
});
