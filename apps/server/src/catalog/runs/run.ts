import { parseDuration, type ScrapeConfigResource, scrapeConfigScrapers } from '@opsdeck/schema';
import type { Clock } from '../../clock.js';
import type { ConnectionResolver } from '../../connections/store.js';
import type { Db } from '../../db/connection.js';
import { runJob } from '../../jobs/jobHistory.js';
import type { SandboxPolicy } from '../../sandbox/config.js';
import { compactChangeDays } from '../changeDays.js';
import { maskErrorTexts } from '../maskErrors.js';
import { runScrape, type ScrapeRun } from '../scrape.js';
import { ScrapeConfigValidationError, validateScrapeConfig } from '../scrapeConfigYaml.js';
import '../tables.js';

/**
 * Runs a scraper as stored in config_scrapers (scheduled or Run Now): its spec is validated again
 * (a row written before a rule tightened, or by hand in the database, must not run half-read),
 * then scraped and stored as one job_history row. An invalid spec is a FAILED job naming why.
 */

export interface StoredScraper {
  id: string;
  name: string;
  namespace: string;
  spec: unknown;
}

export interface RunOptions {
  clock: Clock;
  sandbox: SandboxPolicy;
  resolver?: ConnectionResolver;
  signal?: AbortSignal;
  dedupWindowMs?: number;
}

/** What a run of a stored scraper did; `run` is missing when its spec was invalid. */
export interface StoredRun {
  run?: ScrapeRun;
  errors: string[];
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** The stored scraper as a ScrapeConfig, or the validation problems. */
export function scrapeConfigOf(row: StoredScraper): ScrapeConfigResource | string[] {
  try {
    return validateScrapeConfig({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: row.name, namespace: row.namespace },
      spec: row.spec,
    });
  } catch (err) {
    if (err instanceof ScrapeConfigValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
}

/** The longest a run of `spec` may take: each scraper's deadline in turn, plus a minute to store it. */
export function runLeaseMs(spec: unknown): number {
  const s = (spec ?? {}) as { timeout?: number | string };
  const per =
    typeof s.timeout === 'number'
      ? s.timeout * 1000
      : (typeof s.timeout === 'string' && parseDuration(s.timeout)) || DEFAULT_TIMEOUT_MS;
  let n = 1;
  try {
    n = Math.max(1, scrapeConfigScrapers(s as never).length);
  } catch {
    // an unreadable spec fails fast; one deadline is plenty
  }
  return per * n + 60_000;
}

/** Loads a live scraper by id. */
export async function loadStoredScraper(
  db: Db,
  id: string,
): Promise<(StoredScraper & { deleted: boolean }) | undefined> {
  const row = await db.kysely
    .selectFrom('config_scrapers')
    .select(['id', 'name', 'namespace', 'spec', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && { id: row.id, name: row.name, namespace: row.namespace, spec: row.spec, deleted: row.deleted_at !== null }
  );
}

/** Scrapes and stores a stored scraper once, under a job_history row. */
export async function runStoredScraper(db: Db, row: StoredScraper, opts: RunOptions): Promise<StoredRun> {
  const config = scrapeConfigOf(row);
  if (Array.isArray(config)) {
    const errors = await maskErrorTexts(
      db,
      config.map((e) => `invalid scraper: ${e}`),
    );
    await runJob(db, opts.clock, { name: 'scrape', resourceType: 'config_scraper', resourceId: row.id }, async () => ({
      success: 0,
      errors,
    }));
    return { errors };
  }
  const run = await runScrape(
    db,
    { id: row.id, config },
    {
      clock: opts.clock,
      fileRoots: opts.sandbox,
      sandbox: opts.sandbox,
      resolver: opts.resolver,
      signal: opts.signal,
      dedupWindowMs: opts.dedupWindowMs,
    },
  );
  // the run appended day counts of its changes; folding them keeps the summary's read short (a
  // failure loses nothing: the rows stay deltas until the next run or the retention job folds them)
  await compactChangeDays(db).catch(() => undefined);
  return { run, errors: run.errors };
}
