import type { ScrapeConfigResource } from '@opsdeck/schema';
import type { Kysely, Transaction } from 'kysely';
import { type Database, LOCAL_AGENT_ID } from '../db/types.js';
import './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Where a scraper came from (Mission Control's `source` values). */
export type ScraperSource = 'UI' | 'ConfigFile' | 'KubernetesCRD' | 'System';

/** A stored scraper. */
export interface SavedScrapeConfig {
  id: string;
  created: boolean;
}

/**
 * Stores a validated ScrapeConfig in config_scrapers: upserts by (name, namespace, source), so
 * applying a file again updates the scraper instead of adding a second one.
 */
export async function saveScrapeConfig(
  db: Executor,
  config: ScrapeConfigResource,
  opts: { source: ScraperSource; createdBy?: string | null },
): Promise<SavedScrapeConfig> {
  const namespace = config.metadata.namespace ?? 'default';
  const existing = await db
    .selectFrom('config_scrapers')
    .select('id')
    .where('agent_id', '=', LOCAL_AGENT_ID)
    .where('name', '=', config.metadata.name)
    .where('namespace', '=', namespace)
    .where('source', '=', opts.source)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const spec = JSON.stringify(config.spec);
  const description = config.metadata.annotations?.description ?? null;
  if (existing) {
    await db.updateTable('config_scrapers').set({ spec, description }).where('id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('config_scrapers')
    .values({
      name: config.metadata.name,
      namespace,
      spec,
      description,
      source: opts.source,
      created_by: opts.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
