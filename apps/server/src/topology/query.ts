import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/**
 * `GET /api/canary/api/topology`: the component tree from the roots (or from
 * `id`), `depth` levels deep, with children by parent and by selector, each node with its stored
 * roll-up (status, health, summary). Filters apply to the cards the page shows: the roots, or the
 * children of `id`. Also answers the filter choices: statuses, types, label values and teams.
 */

export interface TopologyQuery {
  id?: string;
  depth: number;
  labels: Record<string, string>;
  status: string[];
  types: string[];
  team?: string;
  agentId?: string;
  /** false: leave hidden components out (the page's showHiddenComponents=no). */
  hidden?: boolean;
}

export type Node = Record<string, unknown> & { id: string; components?: Node[]; children?: string[] };

/** What a node below the first level keeps: what a card and its child list show. */
const CARD_FIELDS = [
  'id',
  'name',
  'text',
  'type',
  'icon',
  'status',
  'health',
  'status_reason',
  'summary',
  'properties',
  'labels',
  'hidden',
  'owner',
  'agent_id',
  'topology_id',
  'external_id',
  'updated_at',
];

async function loadRows(db: Db, q: TopologyQuery): Promise<Array<Record<string, unknown>>> {
  const live = sql`c.deleted_at is null`;
  if (!q.id) {
    // roots and `depth` levels below them (path holds one id per ancestor), then selector children
    const { rows } = await sql<Record<string, unknown>>`
      select c.* from components c
      where ${live} and (coalesce(c.path, '') = '' or length(c.path) - length(replace(c.path, '.', '')) < ${q.depth})`.execute(
      db.kysely,
    );
    const loaded = new Set(rows.map((r) => r.id as string));
    const { rows: extra } = await sql<Record<string, unknown>>`
      select c.* from component_relationships r join components c on c.id = r.component_id
      where r.deleted_at is null and ${live}
        and r.relationship_id = any(${[...loaded]}::uuid[]) and not (c.id = any(${[...loaded]}::uuid[]))`.execute(
      db.kysely,
    );
    return [...rows, ...extra];
  }
  // the subtree by path, then the subtrees of selector children, a few hops out
  const loaded = new Map<string, Record<string, unknown>>();
  let frontier = [q.id];
  for (let hop = 0; hop < 3 && frontier.length; hop++) {
    const { rows } = await sql<Record<string, unknown>>`
      select c.* from components c join components r on r.id = any(${frontier}::uuid[])
      where ${live} and (c.id = r.id or c.path = concat_ws('.', nullif(r.path, ''), r.id::text)
        or c.path like concat_ws('.', nullif(r.path, ''), r.id::text) || '.%')`.execute(db.kysely);
    for (const r of rows) loaded.set(r.id as string, r);
    const { rows: rel } = await sql<{ component_id: string }>`
      select component_id from component_relationships
      where deleted_at is null and relationship_id = any(${rows.map((r) => r.id as string)}::uuid[])`.execute(
      db.kysely,
    );
    frontier = rel.map((r) => r.component_id).filter((id) => !loaded.has(id));
  }
  return [...loaded.values()];
}

function matchesCard(n: Record<string, unknown>, q: TopologyQuery): boolean {
  const labels = (n.labels ?? {}) as Record<string, string>;
  for (const [k, v] of Object.entries(q.labels)) if (labels[k] !== v) return false;
  if (q.types.length && !listMatch(q.types, String(n.type ?? ''))) return false;
  if (q.status.length && !listMatch(q.status, String(n.status ?? ''))) return false;
  if (q.team && n.owner !== q.team) return false;
  if (q.agentId && n.agent_id !== q.agentId) return false;
  return true;
}

/** `a,b` includes, `!a` excludes, `*` matches all. */
function listMatch(list: string[], value: string): boolean {
  const include = list.filter((s) => !s.startsWith('!'));
  if (list.some((s) => s.startsWith('!') && s.slice(1) === value)) return false;
  return include.length === 0 || include.includes('*') || include.includes(value);
}

export async function queryTopology(db: Db, q: TopologyQuery) {
  const rows = (await loadRows(db, q)).filter((r) => q.hidden !== false || !r.hidden || r.id === q.id);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const kids = new Map<string, string[]>();
  const push = (p: string, c: string) => {
    const l = kids.get(p);
    if (l) {
      if (!l.includes(c)) l.push(c);
    } else kids.set(p, [c]);
  };
  for (const r of rows) if (r.parent_id && byId.has(r.parent_id as string)) push(r.parent_id as string, r.id as string);
  if (rows.length) {
    const { rows: rel } = await sql<{ component_id: string; relationship_id: string }>`
      select component_id, relationship_id from component_relationships
      where deleted_at is null and relationship_id = any(${[...byId.keys()]}::uuid[])`.execute(db.kysely);
    for (const r of rel) if (byId.has(r.component_id)) push(r.relationship_id, r.component_id);
  }
  const build = (id: string, level: number, seen: Set<string>): Node => {
    const row = byId.get(id) as Record<string, unknown>;
    // inline checks may hold credentials (they are served masked through /api/db/components only)
    const { component_checks: _checks, ...own } = row;
    const node: Node = (level === 0 ? { ...own, id } : Object.fromEntries(CARD_FIELDS.map((k) => [k, row[k]]))) as Node;
    const children = (kids.get(id) ?? []).filter((c) => !seen.has(c));
    node.children = children;
    node.components = level < q.depth ? children.map((c) => build(c, level + 1, new Set([...seen, c]))) : undefined;
    if (!node.components) delete node.components;
    return node;
  };
  let components: Node[];
  if (q.id) {
    if (!byId.has(q.id)) return undefined;
    const root = build(q.id, 0, new Set([q.id]));
    root.components = (root.components ?? []).filter((c) => matchesCard(c, q));
    components = [root];
  } else {
    components = rows
      .filter((r) => !r.parent_id || !byId.has(r.parent_id as string))
      .map((r) => build(r.id as string, 0, new Set([r.id as string])))
      .filter((n) => matchesCard(n, q));
    components.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  }
  const tags: Record<string, string[]> = {};
  for (const r of rows) {
    for (const [k, v] of Object.entries((r.labels ?? {}) as Record<string, string>)) {
      const list = tags[k] ?? [];
      if (!list.includes(v)) list.push(v);
      tags[k] = list;
    }
  }
  const { rows: teams } = await sql<{
    name: string;
  }>`select name from teams where deleted_at is null order by name`.execute(db.kysely);
  return {
    components,
    healthStatuses: [...new Set(rows.map((r) => r.status as string))].sort(),
    types: [...new Set(rows.flatMap((r) => (r.type ? [r.type as string] : [])))].sort(),
    tags,
    teams: teams.map((t) => t.name),
  };
}
