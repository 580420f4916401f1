import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { firstStarts } from '../helpers/firstStart.js';

// A first start runs initdb and every migration on an embedded database whatever engine the
// other tests use: these run once per test run (vitest.config.ts, engine-independent files).
const starts = firstStarts('opsdeck-sample-scraper-');
afterAll(() => starts.cleanup());

/** Starts OpsDeck on a fresh embedded database, stops it, and answers the sample scrapers it stored. */
async function sampleScrapersOfFreshStart(env: Record<string, string> = {}) {
  const { server, dir } = await starts.start(env);
  await server.stop();
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
