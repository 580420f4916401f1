import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStoredScraper } from '../../src/catalog/runs/run.js';
import { createSampleScraper } from '../../src/catalog/sample.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { DEFAULT_SANDBOX } from '../../src/sandbox/config.js';
import { startServer } from '../../src/server.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts OpsDeck on a fresh embedded database, stops it, and answers the sample scrapers it stored. */
async function sampleScrapersOfFreshStart(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-sample-scraper-'));
  dirs.push(dir);
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', OPSDECK_DATA_DIR: dir }), port: 0, host: '127.0.0.1' };
    const server = await startServer({ ...config, webDir: undefined });
    await server.stop();
  } finally {
    process.env = saved;
  }
  const db = await openDatabase({ dataDir: dir });
  try {
    return await db.kysely
      .selectFrom('config_scrapers')
      .leftJoin('config_scraper_schedules', 'config_scraper_schedules.scraper_id', 'config_scrapers.id')
      .select(['config_scrapers.name', 'config_scrapers.source', 'config_scraper_schedules.next_runtime'])
      .where('config_scrapers.deleted_at', 'is', null)
      .execute();
  } finally {
    await db.close();
  }
}

describe('sample scraper on first start', { timeout: 120_000 }, () => {
  it('a fresh embedded database gets the scraper of this host, due at once', async () => {
    const before = Date.now();
    const rows = await sampleScrapersOfFreshStart();
    expect(rows.map((r) => [r.name, r.source])).toEqual([['this-host', 'System']]);
    // its first run is seconds away, not a whole schedule interval
    expect(new Date(rows[0]?.next_runtime as Date).getTime() - before).toBeLessThan(60_000);
  });

  it('is not created with OPSDECK_SAMPLE_DATA=false', async () => {
    expect(await sampleScrapersOfFreshStart({ OPSDECK_SAMPLE_DATA: 'false' })).toEqual([]);
  });
});

describe('sample scraper run', { timeout: 120_000 }, () => {
  let server: TestServer;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    server = await startTestServer({ clock });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const items = () =>
    server.db.kysely
      .selectFrom('config_items')
      .select(['id', 'name', 'type', 'config_class', 'health'])
      .where('deleted_at', 'is', null)
      .orderBy('type')
      .execute();

  it('scrapes the host, its filesystems and network interfaces, related to the host', async () => {
    const id = (await createSampleScraper(server.ctx)) as string;
    const row = { id, name: 'this-host', namespace: 'default' };
    const spec = (
      await server.db.kysely.selectFrom('config_scrapers').select('spec').where('id', '=', id).executeTakeFirstOrThrow()
    ).spec;
    const first = await runStoredScraper(server.db, { ...row, spec }, { clock, sandbox: DEFAULT_SANDBOX });
    expect(first.errors).toEqual([]);
    const scraped = await items();
    const types = new Set(scraped.map((i) => i.type));
    expect(types).toEqual(new Set(['Host', 'Host::Filesystem', 'Host::NetworkInterface']));
    const host = scraped.find((i) => i.type === 'Host');
    expect(host?.name).toBe(os.hostname());
    expect(host?.health).toBe('healthy');

    // every filesystem and interface hangs off the host
    const related = await server.db.kysely
      .selectFrom('config_relationships')
      .select(['config_id', 'related_id'])
      .where('deleted_at', 'is', null)
      .execute();
    const children = scraped.filter((i) => i.type !== 'Host').map((i) => i.id);
    expect(children.length).toBeGreaterThan(1);
    for (const child of children) {
      expect(related.some((r) => r.config_id === host?.id && r.related_id === child)).toBe(true);
    }

    // what moved since the last scrape is a change of the host (here: the stored free memory was older)
    await server.db.kysely
      .updateTable('config_items')
      .set({ config: JSON.stringify({ kind: 'Host', freeMemoryMiB: -1 }) })
      .where('id', '=', host?.id as string)
      .execute();
    clock.advance(5 * 60_000);
    const second = await runStoredScraper(server.db, { ...row, spec }, { clock, sandbox: DEFAULT_SANDBOX });
    expect(second.errors).toEqual([]);
    const changes = await server.db.kysely
      .selectFrom('config_changes')
      .select(['change_type'])
      .where('config_id', '=', host?.id as string)
      .execute();
    expect(changes.map((c) => c.change_type)).toContain('diff');
  });
});
