import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { badRequest } from '../../errors.js';
import { allOf, inList, parseTagSelectors, tagConditions } from './filters.js';

/**
 * POST /resources/search: checks, components and config items
 * matching ResourceSelectors, each answered as a SelectedResource.
 */
export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  search?: string;
  types?: string[];
  statuses?: string[];
  health?: string;
  tagSelector?: string;
  labelSelector?: string;
  /** `field=value` / `field!=value`, comma separated, over the `search` fields. */
  fieldSelector?: string;
  /** The parent: a config item's scraper, a check's canary, a component's topology (uuid or `namespace/name`). */
  scope?: string;
  /** Cache directives: accepted; selectors always read the database. */
  cache?: string;
  includeDeleted?: boolean;
  limit?: number;
}

export type ResourceKind = 'checks' | 'components' | 'configs';

/** How a kind's table answers the selector's fields. */
interface KindSource {
  from: RawBuilder<unknown>;
  col(
    name: 'id' | 'name' | 'namespace' | 'type' | 'status' | 'health' | 'agent_id' | 'deleted_at',
  ): RawBuilder<unknown>;
  tags: RawBuilder<unknown>;
  labels: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
  /** The object's id as a uuid (for the narrowing of object selectors). */
  objectId: RawBuilder<unknown>;
}

const configs: KindSource = {
  from: sql`config_items r`,
  col: (name) => (name === 'namespace' ? sql`(r.tags ->> 'namespace')` : sql`r.${sql.ref(name)}`),
  tags: sql`r.tags`,
  labels: sql`r.labels`,
  objectId: sql`r.id`,
  select: sql`r.id, r.agent_id as agent, r.icon, r.name, r.tags ->> 'namespace' as namespace, r.type, r.tags,
    r.created_at, r.updated_at, r.deleted_at, r.health, r.status, null::text as severity`,
};

const checks: KindSource = {
  from: sql`checks r`,
  col: (name) => (name === 'health' ? sql`r.status` : sql`r.${sql.ref(name)}`),
  tags: sql`r.labels`,
  labels: sql`r.labels`,
  objectId: sql`r.id`,
  select: sql`r.id, r.agent_id as agent, r.icon, r.name, r.namespace, r.type, r.labels as tags, r.created_at,
    r.updated_at, r.deleted_at, r.status as health, r.status, r.severity`,
};

// components belong to the topology domain and may not exist in this database: read through
// to_jsonb so that any column it lacks is null rather than an error
const components: KindSource = {
  from: sql`components r0, lateral (select to_jsonb(r0) as j) r`,
  col: (name) => (name === 'deleted_at' ? sql`(r.j ->> 'deleted_at')` : sql`(r.j ->> ${name})`),
  tags: sql`(r.j -> 'labels')`,
  labels: sql`(r.j -> 'labels')`,
  objectId: sql`r0.id`,
  select: sql`r.j ->> 'id' as id, r.j ->> 'agent_id' as agent, r.j ->> 'icon' as icon, r.j ->> 'name' as name,
    r.j ->> 'namespace' as namespace, r.j ->> 'type' as type, r.j -> 'labels' as tags, r.j ->> 'created_at' as created_at,
    r.j ->> 'updated_at' as updated_at, r.j ->> 'deleted_at' as deleted_at, r.j ->> 'health' as health,
    r.j ->> 'status' as status, null::text as severity`,
};

const SOURCES: Record<ResourceKind, KindSource> = { checks, components, configs };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = new Set(['id', 'name', 'namespace', 'type', 'status', 'health', 'agent']);

/** `nginx*` -> an ilike pattern; a value without `*` matches exactly. */
function matches(column: RawBuilder<unknown>, value: string): RawBuilder<unknown> {
  if (!value.includes('*')) return sql`${column} = ${value}`;
  const pattern = value.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');
  return sql`${column} ilike ${pattern}`;
}

/** The `search` grammar: `field=value` (name, type, namespace, status, health, id, agent, tag.k, label.k) or free text on the name. */
function searchConditions(source: KindSource, search: string): RawBuilder<unknown>[] {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const eq = token.indexOf('=');
      if (eq <= 0)
        return sql`${source.col('name')} ilike ${`%${token.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%')}%`}`;
      const key = token.slice(0, eq);
      const value = token.slice(eq + 1);
      if (key.startsWith('tag.')) return matches(sql`${source.tags} ->> ${key.slice(4)}`, value);
      if (key.startsWith('label.')) return matches(sql`${source.labels} ->> ${key.slice(6)}`, value);
      if (!FIELDS.has(key))
        throw badRequest(
          `search: unknown field ${JSON.stringify(key)} (name, type, namespace, status, health, id, agent, tag.<key>, label.<key>)`,
        );
      const col = source.col(key === 'agent' ? 'agent_id' : (key as 'name'));
      return matches(sql`${col}::text`, value);
    });
}

/** `fieldSelector`: `key=value` and `key!=value` pairs (comma separated) over the fields `search` knows. */
function fieldConditions(source: KindSource, fieldSelector: string): RawBuilder<unknown>[] {
  return fieldSelector
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((token) => {
      const m = /^([A-Za-z_.][\w.-]*)\s*(!=|==|=)\s*(.*)$/.exec(token);
      if (!m) throw badRequest(`fieldSelector: ${JSON.stringify(token)} is not field=value or field!=value`);
      const [, key = '', op, value = ''] = m;
      const [positive] = searchConditions(source, `${key}=${value}`);
      return op === '!=' ? sql`not coalesce(${positive}, false)` : (positive as RawBuilder<unknown>);
    });
}

/** The parent tables a `scope` names, per kind. */
const SCOPE_PARENTS: Record<ResourceKind, { table: string; column: string }> = {
  configs: { table: 'config_scrapers', column: 'scraper_id' },
  checks: { table: 'canaries', column: 'canary_id' },
  components: { table: 'topologies', column: 'topology_id' },
};

/** `scope`: the resource's parent by id, or by `namespace/name` (a bare name in any namespace). */
function scopeCondition(kind: ResourceKind, scope: string): RawBuilder<unknown> {
  const parent = SCOPE_PARENTS[kind];
  const col = kind === 'components' ? sql`(r.j ->> ${parent.column})` : sql`r.${sql.ref(parent.column)}::text`;
  if (UUID.test(scope)) return sql`${col} = ${scope.toLowerCase()}`;
  const [namespace, name] = scope.includes('/') ? scope.split('/', 2) : [undefined, scope];
  return sql`${col} in (select p.id::text from ${sql.table(parent.table)} p where p.name = ${name}
    ${namespace ? sql`and p.namespace = ${namespace}` : sql``})`;
}

function conditions(kind: ResourceKind, sel: ResourceSelector): RawBuilder<unknown> {
  const source = SOURCES[kind];
  if (sel.id !== undefined && !UUID.test(sel.id)) throw badRequest(`${kind}: id must be a uuid`);
  return allOf([
    sel.includeDeleted ? undefined : sql`${source.col('deleted_at')} is null`,
    sel.id ? sql`${source.col('id')}::text = ${sel.id.toLowerCase()}` : undefined,
    sel.name ? matches(source.col('name'), sel.name) : undefined,
    sel.namespace ? matches(source.col('namespace'), sel.namespace) : undefined,
    sel.agent && sel.agent !== 'all' ? sql`${source.col('agent_id')}::text = ${sel.agent}` : undefined,
    sel.types?.length ? inList(source.col('type'), sel.types) : undefined,
    sel.statuses?.length ? inList(source.col('status'), sel.statuses) : undefined,
    sel.health ? inList(source.col('health'), sel.health) : undefined,
    ...tagConditions(source.tags, parseTagSelectors(`${kind}: tagSelector`, sel.tagSelector)),
    ...tagConditions(source.labels, parseTagSelectors(`${kind}: labelSelector`, sel.labelSelector)),
    ...(sel.search ? searchConditions(source, sel.search) : []),
    ...(sel.fieldSelector ? fieldConditions(source, sel.fieldSelector) : []),
    sel.scope ? scopeCondition(kind, sel.scope) : undefined,
  ]);
}

/** The resources of `kind` matching any of `selectors`, by name, at most `limit`. */
export async function searchResources(
  db: Db,
  kind: ResourceKind,
  selectors: ResourceSelector[],
  limit: number,
  /** Narrows to the objects the reader's object selectors reach: a condition over the object's id. */
  narrow?: (id: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<Array<Record<string, unknown>>> {
  if (selectors.length === 0) return [];
  if (kind === 'components') {
    const { rows } = await sql<{ t: string | null }>`select to_regclass('public.components')::text as t`.execute(
      db.kysely,
    );
    if (!rows[0]?.t) return [];
  }
  const source = SOURCES[kind];
  const parts = selectors.map(
    (sel) =>
      sql`(select ${source.select} from ${source.from} where ${conditions(kind, sel)}${narrow ? sql` and ${narrow(source.objectId)}` : sql``} limit ${Math.min(sel.limit ?? limit, limit)})`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select distinct on (u.id) u.* from (${sql.join(parts, sql` union all `)}) u order by u.id
  `.execute(db.kysely);
  return rows
    .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')))
    .slice(0, limit)
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
}
