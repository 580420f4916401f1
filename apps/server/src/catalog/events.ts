import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';

/**
 * Catalog events with Mission Control's names, queued in the ingest's own transaction so
 * they commit with the items: `config.created`, `config.updated`, `config.deleted` per item the
 * scrape wrote, `config.<health>` when an item's health moved (healthy, unhealthy, warning,
 * unknown), and `config.changed` per change row the transaction inserted. One pending event per
 * name and item (per change for `config.changed`): a newer one replaces it, as publishEvent does.
 * Properties describe the item (id, name, type, health, status, labels...) because the consumers
 * (notifications, playbook triggers) resolve the resource from them.
 */

/** An item as the ingest loaded it before writing. */
export interface ItemBefore {
  id: string;
  health: string | null;
  deleted_at: Date | null;
}

interface Written {
  id: string;
  name: string | null;
  type: string;
  config_class: string | null;
  health: string | null;
  status: string | null;
  labels: Record<string, unknown> | null;
  tags: Record<string, unknown> | null;
  path: string | null;
  deleted_at: Date | null;
  delete_reason: string | null;
}

const HEALTHS = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

/** Queues the events of what one ingest of `scraperId` wrote at `now`, given the items before it. */
export async function queueConfigEvents(
  db: Executor,
  before: readonly ItemBefore[],
  opts: { scraperId: string; now: Date },
): Promise<void> {
  const prior = new Map(before.map((b) => [b.id, b]));
  // written now: inserted, updated or stale-deleted (updated_at = now), or deleted by a change
  const live = before.filter((b) => !b.deleted_at).map((b) => b.id);
  const { rows } = await sql<Written>`
    select ci.id, ci.name, ci.type, ci.config_class, ci.health, ci.status, ci.labels, ci.tags, ci.path,
           ci.deleted_at, ci.delete_reason
    from config_items ci
    where ci.scraper_id = ${opts.scraperId}
      and (ci.updated_at = ${opts.now}
           -- a hashed subplan, not "= any(array)" compared row by row
           or (ci.deleted_at is not null and ci.id in (select unnest(${sql.val(live)}::uuid[]))))`.execute(db);
  const events: Array<{ name: string; id: string; properties: Record<string, unknown> }> = [];
  for (const r of rows) {
    const was = prior.get(r.id);
    const properties = describe(r, was);
    if (!was) {
      if (!r.deleted_at) events.push({ name: 'config.created', id: r.id, properties });
      continue;
    }
    if (r.deleted_at && !was.deleted_at) {
      events.push({ name: 'config.deleted', id: r.id, properties });
      continue;
    }
    events.push({ name: 'config.updated', id: r.id, properties });
    const health = r.health ?? 'unknown';
    if (!r.deleted_at && was.health !== null && was.health !== health && HEALTHS.has(health))
      events.push({ name: `config.${health}`, id: r.id, properties });
  }
  if (events.length) {
    await insertEvents(
      db,
      events.map((e) => e.name),
      events.map((e) => e.id),
      events.map((e) => JSON.stringify(e.properties)),
    );
  }
  // config.changed: change rows this transaction inserted (inserted_at defaults to its start)
  await sql`
    insert into event_queue (name, event_id, properties, priority, created_at)
    select 'config.changed', cc.id,
           jsonb_build_object('id', ci.id, 'change_id', cc.id, 'change_type', cc.change_type,
             'severity', cc.severity, 'summary', cc.summary, 'source', cc.source,
             'name', ci.name, 'type', ci.type, 'health', ci.health, 'status', ci.status,
             'labels', coalesce(ci.tags, '{}'::jsonb) || coalesce(ci.labels, '{}'::jsonb), 'path', coalesce(ci.path, '')),
           100, now()
    from config_changes cc join config_items ci on ci.id = cc.config_id
    where cc.inserted_at = now() and ci.scraper_id = ${opts.scraperId}
    on conflict (name, event_id) do update
      set properties = excluded.properties, created_at = excluded.created_at, attempts = 0, error = null,
          last_attempt = null`.execute(db);
}

function describe(r: Written, was: ItemBefore | undefined): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    config_class: r.config_class,
    health: r.health,
    status: r.status,
    previous_health: was?.health ?? null,
    // tags (namespace, cluster...) and labels alike, labels winning: what trigger labels match
    labels: { ...(r.tags ?? {}), ...(r.labels ?? {}) },
    path: r.path ?? '',
    ...(r.deleted_at ? { deleted_at: r.deleted_at, delete_reason: r.delete_reason } : {}),
  };
}

async function insertEvents(db: Executor, names: string[], ids: string[], properties: string[]): Promise<void> {
  await sql`
    insert into event_queue (name, event_id, properties, priority, delay, created_at)
    select v.name, v.event_id, v.properties, 100, null, now()
    from unnest(${names}::text[], ${ids}::uuid[], ${properties}::jsonb[]) as v(name, event_id, properties)
    on conflict (name, event_id) do update
      set properties = excluded.properties, priority = excluded.priority, delay = excluded.delay,
          created_at = excluded.created_at, attempts = 0, error = null, last_attempt = null`.execute(db);
}
