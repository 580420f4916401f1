import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { recordDiffChange } from './changes.js';
import { diffConfigs, sortKeys } from './diff.js';
import type { ScrapedItem } from './extract.js';
import type { IngestOptions, ScrapedBatch, TypeSummary } from './ingest.js';
import './tables.js';

/**
 * How one scraped item is stored: the row it becomes, whether a rescrape changed it, the diff
 * change it records, new items inserted many per statement, and parent links.
 */

export interface StoredItem {
  id: string;
  type: string;
  eid: string;
  config_class: string;
  name: string | null;
  description: string | null;
  status: string | null;
  health: string | null;
  labels: unknown;
  tags: unknown;
  config: unknown;
  source: string | null;
  properties?: unknown;
  /** external_id[2..]: the item's aliases. */
  aliases?: string[] | null;
  deleted_at: Date | null;
  parent_id?: string | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a ?? null)) === JSON.stringify(sortKeys(b ?? null));

/** The columns an item's scrape sets, for insert and update alike. */
function columns(item: ScrapedItem) {
  return {
    config_class: item.configClass,
    name: item.name,
    description: item.description,
    status: item.status,
    health: item.health,
    labels: JSON.stringify(item.labels),
    tags: JSON.stringify(item.tags),
    config: JSON.stringify(item.config ?? null),
    source: item.source,
    properties: item.properties ? JSON.stringify(item.properties) : null,
  };
}

function changedColumns(before: StoredItem, item: ScrapedItem): boolean {
  return (
    before.config_class !== item.configClass ||
    before.name !== item.name ||
    before.description !== item.description ||
    before.status !== item.status ||
    before.health !== item.health ||
    before.source !== item.source ||
    !same(before.labels, item.labels) ||
    !same(before.tags, item.tags) ||
    !same(before.properties, item.properties) ||
    !same(before.aliases ?? [], item.aliases ?? [])
  );
}

/** Rows per multi-row insert of new items. */
const INSERT_CHUNK = 500;

/** Inserts new items in chunks; answers their ids by key (type NUL external id). */
export async function insertItems(
  trx: Transaction<Database>,
  opts: IngestOptions,
  items: ScrapedItem[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    const rows = await trx
      .insertInto('config_items')
      .values(
        items.slice(i, i + INSERT_CHUNK).map((item) => ({
          ...columns(item),
          type: item.type,
          external_id: [item.externalId, ...(item.aliases ?? [])],
          scraper_id: opts.scraperId,
          created_at: item.createdAt ?? opts.now,
          updated_at: opts.now,
          ...(item.deletedAt ? { deleted_at: item.deletedAt, delete_reason: 'FROM_DELETE_FIELD' } : {}),
        })),
      )
      .returning(['id', 'type', sql<string>`external_id[1]`.as('eid')])
      .execute();
    for (const r of rows) ids.set(`${r.type}\u0000${r.eid}`, r.id);
  }
  return ids;
}

export async function storeItem(
  trx: Transaction<Database>,
  opts: IngestOptions,
  stored: StoredItem | undefined,
  item: ScrapedItem,
  exclude: string[],
  count: TypeSummary,
): Promise<string> {
  const now = opts.now;
  const deleted = item.deletedAt ? { deleted_at: item.deletedAt, delete_reason: 'FROM_DELETE_FIELD' } : undefined;
  if (!stored) {
    const row = await trx
      .insertInto('config_items')
      .values({
        ...columns(item),
        type: item.type,
        external_id: [item.externalId, ...(item.aliases ?? [])],
        scraper_id: opts.scraperId,
        created_at: item.createdAt ?? now,
        updated_at: now,
        ...(deleted ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    count.added++;
    return row.id;
  }
  const diff = diffConfigs(stored.config, item.config);
  const revived = stored.deleted_at !== null && !deleted;
  if (!diff && !revived && !changedColumns(stored, item) && !(deleted && stored.deleted_at === null)) {
    count.unchanged++;
    return stored.id;
  }
  await trx
    .updateTable('config_items')
    .set({
      ...columns(item),
      external_id: [item.externalId, ...(item.aliases ?? [])],
      updated_at: now,
      ...(deleted && stored.deleted_at === null ? deleted : {}),
      ...(revived ? { deleted_at: null, delete_reason: null } : {}),
    })
    .where('id', '=', stored.id)
    .execute();
  count.updated++;
  if (diff) {
    const outcome = await recordDiffChange(trx, {
      configId: stored.id,
      configType: item.type,
      config: item.config,
      diff,
      now,
      dedupWindowMs: opts.dedupWindowMs,
      exclude,
    });
    if (outcome === 'recorded') count.changes++;
    if (outcome === 'deduped') count.deduped++;
  }
  return stored.id;
}

/** Sets parent_id of items whose scraper named a parent (the hard relationship follows by trigger). */
export async function linkParents(
  trx: Transaction<Database>,
  batches: ScrapedBatch[],
  stored: Map<string, StoredItem>,
): Promise<void> {
  const pairs: Array<[string, string | null]> = [];
  for (const batch of batches) {
    for (const item of batch.items) {
      const self = stored.get(`${item.type}\u0000${item.externalId}`);
      if (!self) continue;
      const parent = item.parent ? stored.get(`${item.parent.type}\u0000${item.parent.externalId}`)?.id : undefined;
      if ((self.parent_id ?? null) !== (parent ?? null)) pairs.push([self.id, parent ?? null]);
    }
  }
  if (!pairs.length) return;
  await sql`
    update config_items ci set parent_id = v.parent
    from unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]) as v(id, parent)
    where ci.id = v.id`.execute(trx);
}

export function storedShape(id: string, item: ScrapedItem): StoredItem {
  return {
    id,
    type: item.type,
    eid: item.externalId,
    config_class: item.configClass,
    name: item.name,
    description: item.description,
    status: item.status,
    health: item.health,
    labels: item.labels,
    tags: item.tags,
    config: item.config,
    source: item.source,
    properties: item.properties ?? null,
    aliases: item.aliases ?? [],
    deleted_at: item.deletedAt,
  };
}
