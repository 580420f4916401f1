import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { badRequest } from '../../errors.js';
import { changeScope } from './changeScope.js';
import { allOf, inList, parseTagSelectors, parseTime, tagConditions } from './filters.js';

/**
 * POST /api/catalog/changes: changes
 * across the catalog, or of one item and the items related to it (`recursive` downstream =
 * outgoing, upstream = incoming, all, none; `soft` follows soft relations too, else only
 * parent-child ones; `depth` at most 10), filtered, sorted and paged, with counts per change type
 * over the whole filtered set.
 */
export interface ChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  source?: string;
  summary?: string;
  created_by?: string;
  external_created_by?: string;
  agent_id?: string;
  tags?: string | string[] | Record<string, string>;
  from?: string;
  to?: string;
  from_inserted_at?: string;
  to_inserted_at?: string;
  include_deleted_configs?: boolean;
  recursive?: 'upstream' | 'downstream' | 'all' | 'none';
  depth?: number;
  soft?: boolean;
  lenient?: boolean;
  page?: number;
  page_size?: number;
  sort_by?: string;
}

export interface ChangesResponse {
  summary: Record<string, number>;
  total: number;
  changes: Array<Record<string, unknown>>;
}

/** Sortable columns of the answer. */
const SORTS = new Set([
  'created_at',
  'first_observed',
  'inserted_at',
  'name',
  'type',
  'change_type',
  'severity',
  'source',
  'summary',
  'count',
  'external_created_by',
]);
/** Sort columns that are `not null` in config_changes / config_items. */
const NOT_NULL = new Set(['created_at', 'inserted_at', 'change_type', 'count', 'type']);
const MAX_IDS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuids(field: string, text: string): string[] {
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!UUID.test(id)) throw badRequest(`${field}: ${JSON.stringify(id)} is not a config id (uuid)`);
  }
  // each id is a walk of its own: a bounded list keeps one request from asking for thousands
  if (ids.length > MAX_IDS) throw badRequest(`${field}: at most ${MAX_IDS} config ids`);
  return ids;
}

export async function catalogChanges(db: Db, req: ChangesRequest, now: Date): Promise<ChangesResponse> {
  const ids = req.id ? uuids('id', req.id) : [];
  const tags = (() => {
    try {
      return parseTagSelectors('tags', req.tags);
    } catch (err) {
      if (req.lenient) return [];
      throw err;
    }
  })();
  const sortBy = req.sort_by?.trim() || '-created_at';
  let desc = sortBy.startsWith('-');
  let column = desc ? sortBy.slice(1) : sortBy;
  if (!SORTS.has(column)) {
    if (!req.lenient) throw badRequest(`sort_by: must be one of ${[...SORTS].join(', ')} (- for descending)`);
    column = 'created_at';
    desc = true;
  }
  const ref = ['name', 'type'].includes(column) ? sql`ci.${sql.ref(column)}` : sql`cc.${sql.ref(column)}`;
  // columns that are never null sort without a nulls clause, so the time indexes can give the order
  const order = NOT_NULL.has(column)
    ? sql.raw(desc ? 'desc' : 'asc')
    : desc
      ? sql`desc nulls last`
      : sql`asc nulls first`;
  const pageSize = Math.min(Math.max(req.page_size ?? 50, 1), 1000);
  const page = Math.max(req.page ?? 1, 1);
  const time = (field: string, text: string | undefined) => (text ? parseTime(field, text, now) : undefined);
  // Mission Control's default window is two days; an empty `from` asks for every change
  const from = time('from', req.from === undefined ? 'now-2d' : req.from);
  const to = time('to', req.to);
  const fromInserted = time('from_inserted_at', req.from_inserted_at);
  const toInserted = time('to_inserted_at', req.to_inserted_at);
  const createdBy = req.created_by ?? req.external_created_by;
  const summary = req.summary?.trim();

  const itemFilters = [
    inList(sql`ci.type`, req.config_type?.replaceAll('__', '::')),
    req.agent_id && req.agent_id !== 'all' ? inList(sql`ci.agent_id::text`, req.agent_id) : undefined,
    ...tagConditions(sql`ci.tags`, tags),
  ].filter((c) => c !== undefined);
  const itemWhere = allOf([req.include_deleted_configs ? undefined : sql`ci.deleted_at is null`, ...itemFilters]);
  const changeWhere = allOf([
    inList(sql`cc.change_type`, req.type),
    inList(sql`cc.severity`, req.severity),
    inList(sql`cc.source`, req.source),
    createdBy
      ? sql`(${inList(sql`cc.external_created_by`, createdBy)} or ${inList(sql`cc.created_by::text`, createdBy)})`
      : undefined,
    summary ? sql`cc.summary ilike ${`%${summary.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    from ? sql`cc.created_at >= ${from}` : undefined,
    to ? sql`cc.created_at <= ${to}` : undefined,
    fromInserted ? sql`cc.inserted_at >= ${fromInserted}` : undefined,
    toInserted ? sql`cc.inserted_at <= ${toInserted}` : undefined,
  ]);

  // Asked about items: the walk runs once (changeScope.ts) and keeps the items the item filters
  // let through; the changes are then read by config id alone, the counts by an index-only scan
  // (migration 193) and the page, for a large scope, along the time index (the planner sees the
  // array's size).
  const scope = ids.length
    ? await changeScope(db, {
        ids,
        recursive: req.recursive ?? 'downstream',
        depth: Math.min(Math.max(req.depth ?? 5, 1), 10),
        soft: req.soft ?? false,
        includeDeleted: req.include_deleted_configs ?? false,
        itemWhere,
        itemFilters: itemFilters.length > 0,
      })
    : undefined;
  if (scope?.length === 0) return { summary: {}, total: 0, changes: [] };
  // the counts and the page are independent reads: two pool connections at once on PostgreSQL
  const countsQuery = sql<{ change_type: string; n: number }>`
    select cc.change_type, count(*)::int as n
    from ${scope ? sql`config_changes cc where cc.config_id = any(${scope}::uuid[])` : sql`config_changes cc join config_items ci on ci.id = cc.config_id where ${itemWhere}`}
      and ${changeWhere}
    group by cc.change_type
  `.execute(db.kysely);
  const rowsQuery = sql<Record<string, unknown>>`
    select cc.id, cc.config_id, ci.agent_id, cc.external_change_id, cc.change_type, cc.severity, cc.source,
      cc.summary, cc.created_at, cc.count, cc.first_observed, ci.name, ci.type, ci.config_class, ci.tags,
      cc.created_by, cc.external_created_by, ci.path, cc.inserted_at, ci.deleted_at
    from config_changes cc join config_items ci on ci.id = cc.config_id
    where ${scope ? sql`cc.config_id = any(${scope}::uuid[])` : itemWhere} and ${changeWhere}
    order by ${ref} ${order}, cc.id
    limit ${pageSize} offset ${(page - 1) * pageSize}
  `.execute(db.kysely);
  const [counts, rows] = await Promise.all([countsQuery, rowsQuery]);
  const summaryCounts: Record<string, number> = {};
  let total = 0;
  for (const { change_type, n } of counts.rows) {
    summaryCounts[change_type] = n;
    total += n;
  }
  return { summary: summaryCounts, total, changes: rows.rows };
}
