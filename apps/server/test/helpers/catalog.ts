import { runScrape } from '../../src/catalog/scrape.js';
import { validateScrapeConfig } from '../../src/catalog/scrapeConfigYaml.js';
import { type Clock, systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';

/**
 * Runs a stored scraper once through the scrape engine (what a scheduled run or Run Now does),
 * reading files only under `fileRoots`. For tests that save a scraper through the UI or the API.
 */
export async function scrapeStored(db: Db, scraperId: string, fileRoots: string[], clock: Clock = systemClock) {
  const row = await db.kysely
    .selectFrom('config_scrapers')
    .select(['name', 'namespace', 'spec'])
    .where('id', '=', scraperId)
    .executeTakeFirstOrThrow();
  const config = validateScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: row.name, namespace: row.namespace },
    spec: row.spec,
  });
  return runScrape(db, { id: scraperId, config }, { clock, fileRoots: { fileRoots } });
}
