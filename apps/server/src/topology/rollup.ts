import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../events/queue.js';
import { type ComponentSummary, type Counts, rollUp, summarise, worstHealth } from './summary.js';

/**
 * Recomputes and stores the status, health and summary of every live component of some
 * topologies (Mission Control's removed ComponentStatusSummarySync, kept here): children by
 * parent and by selector, linked checks, open incidents (via evidences) and open insights of
 * linked config items. A health change of a component queues `component.<health>`, which
 * notification rules and later playbooks react to.
 */

interface Row {
  id: string;
  parent_id: string | null;
  topology_id: string | null;
  name: string;
  type: string | null;
  path: string | null;
  labels: Record<string, string> | null;
  own_status: string | null;
  own_health: string | null;
  status: string;
  health: string | null;
  summary: ComponentSummary | null;
  status_expr: string | null;
  health_expr: string | null;
  status_reason: string | null;
}

/** Depth of the roll-up (Mission Control's limit): a selector cycle stops here. */
const MAX_DEPTH = 10;

export interface RollupResult {
  components: number;
  changed: number;
  transitions: number;
}

/** The topologies whose roll-up depends on these components' topologies (through selector links). */
async function withDependents(db: Db, topologyIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ topology_id: string }>`
    select distinct p.topology_id from component_relationships r
    join components c on c.id = r.component_id
    join components p on p.id = r.relationship_id
    where r.deleted_at is null and c.topology_id = any(${topologyIds}::uuid[]) and p.topology_id is not null`.execute(
    db.kysely,
  );
  return [...new Set([...topologyIds, ...rows.map((r) => r.topology_id)])];
}

/** Roll-up of the given topologies (all when undefined). */
export async function recomputeRollups(db: Db, topologyIds?: string[]): Promise<RollupResult> {
  const scope = topologyIds ? await withDependents(db, topologyIds) : undefined;
  if (scope && !scope.length) return { components: 0, changed: 0, transitions: 0 };
  const inScope = scope ? sql`and c.topology_id = any(${scope}::uuid[])` : sql``;
  const { rows } = await sql<Row>`
    select id, parent_id, topology_id, name, type, path, labels, own_status, own_health, status, health, summary,
           status_expr, health_expr, status_reason
    from components c where deleted_at is null ${inScope}`.execute(db.kysely);
  // selector children may live in other topologies: load them too (read-only here)
  const { rows: links } = await sql<{ component_id: string; relationship_id: string }>`
    select r.component_id, r.relationship_id from component_relationships r
    join components c on c.id = r.relationship_id
    join components child on child.id = r.component_id and child.deleted_at is null
    where r.deleted_at is null and c.deleted_at is null ${inScope}`.execute(db.kysely);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = [...new Set(links.map((l) => l.component_id))].filter((id) => !byId.has(id));
  const outside = new Map<string, Row>();
  if (missing.length) {
    const { rows: extra } = await sql<Row>`
      select id, parent_id, topology_id, name, type, path, labels, own_status, own_health, status, health, summary,
             status_expr, health_expr, status_reason
      from components where id = any(${missing}::uuid[])`.execute(db.kysely);
    for (const r of extra) outside.set(r.id, r);
  }
  const ids = rows.map((r) => r.id);
  const children = new Map<string, string[]>();
  const addChild = (parent: string, child: string) => {
    const list = children.get(parent);
    if (list) list.push(child);
    else children.set(parent, [child]);
  };
  for (const r of rows) if (r.parent_id && byId.has(r.parent_id)) addChild(r.parent_id, r.id);
  for (const l of links) addChild(l.relationship_id, l.component_id);

  /** The entry of `key` in `map`, created empty on first use. */
  const entry = <T>(map: Map<string, T>, key: string, empty: () => T): T => {
    let v = map.get(key);
    if (v === undefined) {
      v = empty();
      map.set(key, v);
    }
    return v;
  };
  const checks = new Map<string, Counts>();
  const incidents = new Map<string, Record<string, Counts>>();
  const insights = new Map<string, Record<string, Counts>>();
  if (ids.length) {
    const { rows: c } = await sql<{ component_id: string; status: string; n: string }>`
      select r.component_id, coalesce(k.status, 'unknown') as status, count(*) as n
      from check_component_relationships r join checks k on k.id = r.check_id
      join components c on c.id = r.component_id
      where r.deleted_at is null and k.deleted_at is null and c.deleted_at is null ${inScope}
      group by 1, 2`.execute(db.kysely);
    for (const x of c) entry<Counts>(checks, x.component_id, () => ({}))[x.status] = Number(x.n);
    const { rows: inc } = await sql<{ component_id: string; type: string; severity: string; n: string }>`
      select e.component_id, i.type, i.severity, count(distinct i.id) as n
      from evidences e join hypotheses h on h.id = e.hypothesis_id join incidents i on i.id = h.incident_id
      join components c on c.id = e.component_id
      where c.deleted_at is null ${inScope} and i.status not in ('resolved', 'closed')
      group by 1, 2, 3`.execute(db.kysely);
    for (const x of inc) {
      const m = entry<Record<string, Counts>>(incidents, x.component_id, () => ({}));
      m[x.type] = { ...m[x.type], [x.severity]: Number(x.n) };
    }
    const { rows: ins } = await sql<{ component_id: string; type: string; severity: string; n: string }>`
      select r.component_id, coalesce(a.analysis_type, 'other') as type, coalesce(a.severity, 'info') as severity,
             count(*) as n
      from config_component_relationships r join config_analysis a on a.config_id = r.config_id
      join components c on c.id = r.component_id
      where r.deleted_at is null and a.status = 'open' and c.deleted_at is null ${inScope}
      group by 1, 2, 3`.execute(db.kysely);
    for (const x of ins) {
      const m = entry<Record<string, Counts>>(insights, x.component_id, () => ({}));
      m[x.type] = { ...m[x.type], [x.severity]: Number(x.n) };
    }
  }

  const done = new Map<string, { summary: ComponentSummary; status: string; health: string; error?: string }>();
  const compute = (id: string, depth: number): { summary: ComponentSummary; health: string } => {
    const cached = done.get(id);
    if (cached) return cached;
    const row = byId.get(id);
    if (!row) {
      // a selector child outside the scope: its stored values
      const o = outside.get(id);
      return { summary: o?.summary ?? {}, health: o?.health ?? 'unknown' };
    }
    const kids = depth < MAX_DEPTH ? (children.get(id) ?? []) : [];
    const results = kids.map((k) => compute(k, depth + 1));
    const own = checks.get(id);
    const leaf = kids.length === 0;
    // a leaf that says nothing of itself counts by its own checks
    const leafStatus = row.own_status ?? (own ? worstHealth(Object.keys(own)) : null);
    const summary = summarise(
      { status: leaf ? leafStatus : row.own_status, leaf },
      results.map((r) => r.summary),
      { checks: own, incidents: incidents.get(id), insights: insights.get(id) },
    );
    const r = rollUp({
      leaf,
      ownStatus: leaf ? leafStatus : row.own_status,
      ownHealth: row.own_health,
      summary,
      childHealths: results.map((x) => x.health),
      statusExpr: row.status_expr,
      healthExpr: row.health_expr,
      self: { name: row.name, type: row.type, labels: row.labels ?? {}, status: row.own_status ?? '' },
    });
    done.set(id, r);
    return r;
  };
  for (const id of ids) compute(id, 0);

  const changed: Array<{ row: Row; next: { summary: ComponentSummary; status: string; health: string } }> = [];
  for (const row of rows) {
    const next = done.get(row.id);
    if (!next) continue;
    const same =
      next.status === row.status &&
      next.health === row.health &&
      stableJson(next.summary) === stableJson(row.summary ?? {});
    if (!same) changed.push({ row, next });
  }
  let transitions = 0;
  if (changed.length) {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`
        update components c set status = v.status, health = v.health, summary = v.summary,
          last_transition_time = case when c.health is distinct from v.health then now() else c.last_transition_time end
        from unnest(${changed.map((c) => c.row.id)}::uuid[], ${changed.map((c) => c.next.status)}::text[],
                    ${changed.map((c) => c.next.health)}::text[], ${changed.map((c) => JSON.stringify(c.next.summary))}::jsonb[])
          as v(id, status, health, summary)
        where c.id = v.id`.execute(trx);
      // the first roll-up of a new component is not a transition
      const moved = changed.filter(({ row, next }) => row.health !== null && row.health !== next.health);
      transitions = moved.length;
      if (moved.length) await queueTransitions(trx, moved);
    });
  }
  return { components: rows.length, changed: changed.length, transitions };
}

/**
 * Queues `component.<health>` for each moved component in one statement, with publishEvent's
 * semantics (one pending event per name and component: a newer one replaces it).
 */
async function queueTransitions(
  db: Executor,
  moved: Array<{ row: Row; next: { status: string; health: string } }>,
): Promise<void> {
  const names = moved.map(({ next }) => `component.${next.health}`);
  const ids = moved.map(({ row }) => row.id);
  const properties = moved.map(({ row, next }) =>
    JSON.stringify({
      id: row.id,
      name: row.name,
      type: row.type,
      health: next.health,
      status: next.status,
      previous_health: row.health,
      status_reason: row.status_reason,
      labels: row.labels ?? {},
      path: row.path ?? '',
      topology_id: row.topology_id,
    }),
  );
  await sql`
    insert into event_queue (name, event_id, properties, priority, delay, created_at)
    select v.name, v.event_id, v.properties, 100, null, now()
    from unnest(${names}::text[], ${ids}::uuid[], ${properties}::jsonb[]) as v(name, event_id, properties)
    on conflict (name, event_id) do update
      set properties = excluded.properties, priority = excluded.priority, delay = excluded.delay,
          created_at = excluded.created_at, attempts = 0, error = null, last_attempt = null`.execute(db);
}

/** JSON with sorted keys: jsonb hands objects back in its own key order. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
