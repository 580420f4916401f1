import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import type { BuiltComponent } from './build.js';

/**
 * Stores one run's tree: upsert on (topology, parent, name, type), `path` the
 * dot-joined ancestor ids, and, after a clean run only, soft delete of the topology's components
 * this run did not produce. A component that comes back is undeleted.
 */

export interface PersistSummary {
  saved: number;
  deleted: number;
  rootIds: string[];
}

const ZERO = '00000000-0000-0000-0000-000000000000';

async function upsert(
  db: Executor,
  topologyId: string,
  c: BuiltComponent,
  parentId: string | null,
  path: string,
  schedule: string | null,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into components (topology_id, parent_id, path, name, type, text, icon, tooltip, owner, namespace, lifecycle,
      labels, hidden, external_id, own_status, own_health, status_reason, properties, selectors, component_checks,
      configs, status_expr, health_expr, is_leaf, schedule, log_selectors, deleted_at)
    values (${topologyId}, ${parentId}, ${path}, ${c.name}, ${c.type}, ${c.text}, ${c.icon}, ${c.tooltip}, ${c.owner},
      ${c.namespace}, ${c.lifecycle}, ${JSON.stringify(c.labels)}::jsonb, ${c.hidden}, ${c.externalId}, ${c.ownStatus},
      ${c.ownHealth}, ${c.statusReason}, ${JSON.stringify(c.properties)}::jsonb,
      ${c.selectors.length ? JSON.stringify(c.selectors) : null}::jsonb,
      ${c.checks.length ? JSON.stringify(c.checks) : null}::jsonb,
      ${c.configs.length ? JSON.stringify(c.configs) : null}::jsonb,
      ${c.statusExpr}, ${c.healthExpr}, ${c.children.length === 0}, ${schedule},
      ${c.logs.length ? JSON.stringify(c.logs) : null}::jsonb, null)
    on conflict (topology_id, coalesce(parent_id, ${ZERO}::uuid), name, coalesce(type, '')) do update set
      path = excluded.path, text = excluded.text, icon = excluded.icon, tooltip = excluded.tooltip,
      owner = excluded.owner, namespace = excluded.namespace, lifecycle = excluded.lifecycle, labels = excluded.labels,
      hidden = excluded.hidden, external_id = excluded.external_id, own_status = excluded.own_status,
      own_health = excluded.own_health, status_reason = excluded.status_reason, properties = excluded.properties,
      selectors = excluded.selectors, component_checks = excluded.component_checks, configs = excluded.configs,
      status_expr = excluded.status_expr, health_expr = excluded.health_expr, is_leaf = excluded.is_leaf,
      schedule = excluded.schedule, log_selectors = excluded.log_selectors, deleted_at = null
    returning id`.execute(db);
  return (rows[0] as { id: string }).id;
}

/** Saves the trees (one root each; several with groupBy) under `topologyId`; `clean` (no lookup failed) allows deleting what is gone. */
export async function persistTree(
  db: Executor,
  topologyId: string,
  roots: BuiltComponent[],
  opts: { clean: boolean; schedule: string | null },
): Promise<PersistSummary> {
  const seen: string[] = [];
  const walk = async (c: BuiltComponent, parentId: string | null, path: string): Promise<string> => {
    const id = await upsert(db, topologyId, c, parentId, path, opts.schedule);
    seen.push(id);
    const childPath = path ? `${path}.${id}` : id;
    // two components with one (name, type) under one parent are one component: the first wins
    const names = new Set<string>();
    for (const child of c.children) {
      const key = `${child.name}\u0000${child.type ?? ''}`;
      if (names.has(key)) continue;
      names.add(key);
      await walk(child, id, childPath);
    }
    return id;
  };
  const rootIds: string[] = [];
  for (const root of roots) rootIds.push(await walk(root, null, ''));
  let deleted = 0;
  if (opts.clean) {
    const res = await sql`
      update components set deleted_at = now()
      where topology_id = ${topologyId} and deleted_at is null and not (id = any(${seen}::uuid[]))`.execute(db);
    deleted = Number(res.numAffectedRows ?? 0);
  }
  return { saved: seen.length, deleted, rootIds };
}
