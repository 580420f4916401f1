import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { startServer } from '../../src/server.js';

// A first start runs initdb and every migration on an embedded database whatever engine the
// other tests use: these run once per test run (vitest.config.ts, engine-independent files).
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
