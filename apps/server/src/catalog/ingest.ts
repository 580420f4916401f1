import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { recordAccess } from './access.js';
import type { ExternalAccess } from './accessExtract.js';
import type { ChangeOutcome } from './changes.js';
import { changeTargets } from './changeTargets.js';
import { queueConfigEvents } from './events.js';
import { type ChangeMapping, deleteByChange, mapChange, recordAnalysis, recordExternalChange } from './external.js';
import type { ScrapedItem } from './extract.js';
import { insertItems, linkParents, type StoredItem, storedShape, storeItem } from './ingestItems.js';
import type { ExternalAnalysis, ExternalChange } from './scrapers/types.js';
import './tables.js';
import { storeRelationships } from './transform/relationship.js';

/**
 * Stores what one scrape of a scraper saw, in one transaction: config items upserted by
 * (scraper, type, external id), a diff change for every item whose config changed, items seen
 * again revived, and, only after a scrape without errors, the items it no longer saw
 * soft-deleted with reason STALE. A failed scrape never deletes what it did not see because it
 * failed. Health transitions become changes in the database (migration 110).
 */

/** Counts of one config type (or of the whole scrape). */
export interface TypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  changes: number;
  deduped: number;
}

export interface ScrapeSummary extends TypeSummary {
  types: Record<string, TypeSummary>;
  /** Soft relationships transform.relationship wrote. */
  relationships: number;
}

/** The items of one scraper of the config, with what its transform says about changes. */
export interface ScrapedBatch {
  items: ScrapedItem[];
  changesExclude: string[];
  /** transform.changes.mapping, applied to the changes the scraper reported itself. */
  changesMapping?: ChangeMapping[];
  changes?: ExternalChange[];
  analysis?: ExternalAnalysis[];
  access?: ExternalAccess[];
}

export interface IngestOptions {
  scraperId: string;
  now: Date;
  /** Whether any scraper of the config failed: then nothing unseen is deleted. */
  failed: boolean;
  /** Unseen items are deleted once last seen longer ago than this; undefined: never ('keep'). */
  staleAfterMs: number | undefined;
  dedupWindowMs: number;
  /**
   * A partial ingest (a Kubernetes watch's updates): only the batch's items are loaded and
   * stored, and nothing unseen is deleted.
   */
  partial?: boolean;
}

export const emptySummary = (): TypeSummary => ({
  added: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  changes: 0,
  deduped: 0,
});

/** Stores one scrape's items and changes; answers what happened, per config type. */
export async function ingestScrape(db: Db, batches: ScrapedBatch[], opts: IngestOptions): Promise<ScrapeSummary> {
  const types: Record<string, TypeSummary> = {};
  const countFor = (type: string) => {
    types[type] ??= emptySummary();
    return types[type];
  };
  let relationships = 0;
  await db.kysely.transaction().execute(async (trx) => {
    const rows = (await trx
      .selectFrom('config_items')
      .select([
        'id',
        'type',
        sql<string>`external_id[1]`.as('eid'),
        'config_class',
        'name',
        'description',
        'status',
        'health',
        'labels',
        'tags',
        'config',
        'source',
        'properties',
        sql<string[]>`external_id[2:]`.as('aliases'),
        'deleted_at',
        'parent_id',
      ])
      .where('scraper_id', '=', opts.scraperId)
      .$if(!!opts.partial, (q) => {
        // the batch's items and their parents (for the hard relationship); chr(1): text holds no NUL
        const keys = batches.flatMap((b) =>
          b.items.flatMap((i) => [
            `${i.type}\u0001${i.externalId}`,
            ...(i.parent ? [`${i.parent.type}\u0001${i.parent.externalId}`] : []),
          ]),
        );
        return q.where(sql<boolean>`type || chr(1) || external_id[1] = any(${keys}::text[])`);
      })
      .execute()) as StoredItem[];
    const stored = new Map(rows.map((r) => [`${r.type}\u0000${r.eid}`, r]));
    const seen = new Set<string>();
    // items seen for the first time are inserted in multi-row statements; the rest one by one
    const fresh = new Map<string, ScrapedItem>();
    for (const batch of batches) {
      for (const item of batch.items) {
        const key = `${item.type}\u0000${item.externalId}`;
        if (!stored.has(key) && !fresh.has(key)) fresh.set(key, item);
      }
    }
    const inserted = await insertItems(trx, opts, [...fresh.values()]);
    for (const [key, item] of fresh) {
      const id = inserted.get(key) as string;
      countFor(item.type).added++;
      stored.set(key, storedShape(id, item));
      seen.add(id);
    }
    for (const batch of batches) {
      for (const item of batch.items) {
        const key = `${item.type}\u0000${item.externalId}`;
        if (fresh.get(key) === item) continue;
        const id = await storeItem(trx, opts, stored.get(key), item, batch.changesExclude, countFor(item.type));
        // a second item with the same key in one scrape updates the first
        stored.set(key, { ...(stored.get(key) as StoredItem), ...storedShape(id, item) });
        seen.add(id);
      }
    }
    await linkParents(trx, batches, stored);
    const related = batches.flatMap((b) =>
      b.items.flatMap((i) => {
        const self = stored.get(`${i.type}\u0000${i.externalId}`);
        return self && i.relationships ? [{ id: self.id, relationships: i.relationships }] : [];
      }),
    );
    relationships = await storeRelationships(trx, related, {
      scraperId: opts.scraperId,
      now: opts.now,
      prune: !opts.failed && !opts.partial,
    });
    // ids and aliases (transform.aliases) of this scraper's items, with and without their type
    const byEid = new Map<string, string>();
    for (const r of stored.values()) {
      for (const eid of [r.eid, ...(r.aliases ?? [])]) {
        if (!byEid.has(eid)) byEid.set(eid, r.id);
        byEid.set(`${r.type}\u0000${eid}`, r.id);
      }
    }
    const target = async (externalId: string, type: string | undefined): Promise<string | undefined> => {
      const local = byEid.get(type ? `${type}\u0000${externalId}` : externalId);
      if (local) return local;
      const q = trx
        .selectFrom('config_items')
        .select('id')
        .where(sql<boolean>`external_id @> array[${externalId}]::text[]`)
        .where('deleted_at', 'is', null);
      return (await (type ? q.where('type', '=', type) : q).limit(1).executeTakeFirst())?.id;
    };
    for (const batch of batches) {
      const rules = { exclude: batch.changesExclude, mapping: batch.changesMapping ?? [] };
      for (const change of batch.changes ?? []) {
        const configId = await target(change.externalId, change.configType);
        if (!configId) continue; // about an item no scraper has stored
        const mapped = mapChange(change, rules);
        if (!mapped) continue;
        // move-up / copy-up: to the parent or the nearest ancestor of ancestor_type (changeTargets.ts)
        for (const to of await changeTargets(trx, configId, mapped)) {
          const outcome: ChangeOutcome = await recordExternalChange(trx, to, mapped, opts.now);
          const count = countFor(mapped.configType ?? 'change');
          if (outcome === 'recorded') count.changes++;
          else count.deduped++;
        }
        if (mapped.action === 'delete') await deleteByChange(trx, configId, mapped.createdAt ?? opts.now);
      }
      for (const a of batch.analysis ?? []) {
        const configId = await target(a.externalId, a.configType);
        if (configId) await recordAnalysis(trx, configId, opts.scraperId, a, opts.now);
      }
      for (const a of batch.access ?? []) await recordAccess(trx, a, target, opts.scraperId, opts.now);
    }
    if (seen.size) {
      await sql`insert into config_items_last_scraped_time (config_id, last_scraped_time)
        select unnest(${sql.val([...seen])}::uuid[]), ${opts.now}
        on conflict (config_id) do update set last_scraped_time = excluded.last_scraped_time`.execute(trx);
    }
    if (opts.failed || opts.partial || opts.staleAfterMs === undefined) return queueConfigEvents(trx, rows, opts);
    const cutoff = new Date(opts.now.getTime() - opts.staleAfterMs);
    const gone = await sql<{ type: string }>`
      update config_items ci set deleted_at = ${opts.now}, delete_reason = 'STALE', updated_at = ${opts.now}
      where ci.scraper_id = ${opts.scraperId} and ci.deleted_at is null
        -- a hashed subplan; "not (id = any(array))" would compare every row with every seen id
        and ci.id not in (select unnest(${sql.val([...seen])}::uuid[]))
        and coalesce((select l.last_scraped_time from config_items_last_scraped_time l where l.config_id = ci.id),
                     ci.created_at) <= ${cutoff}
      returning ci.type`.execute(trx);
    for (const row of gone.rows) countFor(row.type).deleted++;
    await queueConfigEvents(trx, rows, opts);
  });
  const total = emptySummary();
  for (const t of Object.values(types)) {
    for (const k of Object.keys(total) as Array<keyof TypeSummary>) total[k] += t[k];
  }
  return { ...total, types, relationships };
}
