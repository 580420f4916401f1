import { parseDuration } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { badRequest } from '../../errors.js';
import { allOf, inList, parseTagSelectors, tagConditions } from './filters.js';
import { summaryChanges } from './summaryChanges.js';

/**
 * POST /api/catalog/summary: live items
 * grouped by `groupBy` (columns or tag keys) with their count, health counts, first created and
 * last updated, changes since `changes.since`, open insights by type and summed cost.
 */
export interface SummaryRequest {
  groupBy?: string[];
  filter?: Record<string, string>;
  tags?: string | string[] | Record<string, string>;
  status?: string;
  health?: string;
  type?: string;
  deleted?: boolean;
  search?: string;
  changes?: { since?: string };
  analysis?: { since?: string };
  cost?: string;
}

/** Group keys that are item columns; any other key is a tag key. */
const COLUMNS = new Set(['type', 'config_class', 'status', 'health', 'name', 'agent_id']);
const COSTS: Record<string, string> = {
  '1h': 'cost_per_minute',
  '1d': 'cost_total_1d',
  '7d': 'cost_total_7d',
  '30d': 'cost_total_30d',
};
const TAG_KEY = /^[A-Za-z0-9_./:-]{1,100}$/;

function since(field: string, text: string | undefined, now: Date): Date | undefined {
  if (!text) return undefined;
  const ms = parseDuration(text);
  if (ms === undefined) throw badRequest(`${field}: ${JSON.stringify(text)} is not a duration (7d, 24h)`);
  return new Date(now.getTime() - ms);
}

export async function catalogSummary(
  db: Db,
  req: SummaryRequest,
  now: Date,
  /** The condition on an item's id narrowing the items to those the reader's object selectors reach. */
  narrow?: (id: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<Array<Record<string, unknown>>> {
  const groupBy = req.groupBy?.length ? req.groupBy : ['type'];
  const keys = groupBy.map((key) => {
    if (COLUMNS.has(key)) return { key, expr: sql`ci.${sql.ref(key)}` as RawBuilder<unknown> };
    if (!TAG_KEY.test(key)) throw badRequest(`groupBy: ${JSON.stringify(key)} is neither a column nor a tag key`);
    return { key, expr: sql`ci.tags ->> ${key}` };
  });
  if (req.cost !== undefined && !(req.cost in COSTS)) {
    throw badRequest(`cost: must be one of ${Object.keys(COSTS).join(', ')}`);
  }
  const changesFrom = since('changes.since', req.changes?.since, now) ?? new Date(now.getTime() - 7 * 86_400_000);
  const analysisFrom = since('analysis.since', req.analysis?.since, now);
  const search = req.search?.trim();
  // a selector narrowing the items is a filter too: the day counts cover every item, so not them
  const itemFilters = [
    narrow?.(sql`ci.id`),
    inList(sql`ci.status`, req.status),
    inList(sql`ci.health`, req.health),
    ...tagConditions(sql`ci.labels`, parseTagSelectors('filter', req.filter)),
    ...tagConditions(sql`ci.tags`, parseTagSelectors('tags', req.tags)),
    search ? sql`(ci.name ilike ${`%${search}%`} or ci.type ilike ${`%${search}%`})` : undefined,
  ].filter((c) => c !== undefined);
  const where = allOf([
    req.deleted ? undefined : sql`ci.deleted_at is null`,
    inList(sql`ci.type`, req.type),
    ...itemFilters,
  ]);
  const selectKeys = sql.join(keys.map((k, i) => sql`${k.expr} as ${sql.ref(`g${i}`)}`));
  const groupRefs = sql.join(keys.map((_, i) => sql.ref(`g${i}`)));
  const cost = req.cost ? sql`, sum(ci.${sql.ref(COSTS[req.cost] as string)})::float8 as cost` : sql``;
  const changes = summaryChanges({
    keys: groupBy,
    from: changesFrom,
    deleted: req.deleted ?? false,
    type: req.type,
    itemFilters: itemFilters.length > 0,
  });
  // One scan of the items with their changes hashed per item: the window's, or only the partial
  // first day's when the day counts of migration 192 carry the groups (then summed per group).
  const dayJoin = sql.join(
    keys.map((_, i) => sql`d.${sql.ref(`g${i}`)} is not distinct from g.${sql.ref(`g${i}`)}`),
    sql` and `,
  );
  // the groups and the insights are independent reads: on PostgreSQL they run on two pool
  // connections at once (the embedded database runs them in turn)
  const mainQuery = sql<Record<string, unknown>>`
    with ch as (${changes.perItem}),
    g as (
      select ${selectKeys}, count(*)::int as count,
        count(*) filter (where ci.health = 'healthy')::int as healthy,
        count(*) filter (where ci.health = 'unhealthy')::int as unhealthy,
        count(*) filter (where ci.health = 'warning')::int as warning,
        count(*) filter (where ci.health is null or ci.health = 'unknown')::int as unknown,
        min(ci.created_at) as created_at, max(ci.updated_at) as updated_at ${cost},
        coalesce(sum(ch.n), 0) as raw_changes
      from config_items ci left join ch on ch.config_id = ci.id
      where ${where}
      group by ${groupRefs}
    )
    ${
      changes.perGroup
        ? sql`, d as (${changes.perGroup})
      select g.*, (g.raw_changes + coalesce(d.n, 0))::int as changes from g left join d on ${dayJoin}`
        : sql`select g.*, g.raw_changes::int as changes from g`
    }
    order by ${sql.join(keys.map((_, i) => sql`g.${sql.ref(`g${i}`)}`))}
  `.execute(db.kysely);

  const analysisQuery = sql<Record<string, unknown>>`
    select ${selectKeys}, coalesce(ca.analysis_type, 'other') as analysis_type, count(*)::int as n
    from config_analysis ca join config_items ci on ci.id = ca.config_id
    where ca.status = 'open' and ${where}
      and ${analysisFrom ? sql`ca.first_observed >= ${analysisFrom}` : sql`true`}
    group by ${groupRefs}, coalesce(ca.analysis_type, 'other')
  `.execute(db.kysely);
  const [main, analysis] = await Promise.all([mainQuery, analysisQuery]);
  const groupId = (row: Record<string, unknown>) => JSON.stringify(keys.map((_, i) => row[`g${i}`] ?? null));
  const byGroup = new Map<string, Record<string, number>>();
  for (const row of analysis.rows) {
    const id = groupId(row);
    const counts = byGroup.get(id) ?? {};
    counts[row.analysis_type as string] = row.n as number;
    byGroup.set(id, counts);
  }

  return main.rows.map((row) => {
    const out: Record<string, unknown> = {};
    keys.forEach((k, i) => {
      out[k.key] = row[`g${i}`] ?? null;
    });
    const health: Record<string, number> = {};
    for (const h of ['healthy', 'unhealthy', 'warning', 'unknown'])
      if ((row[h] as number) > 0) health[h] = row[h] as number;
    out.health = health;
    out.count = row.count;
    out.created_at = row.created_at;
    out.updated_at = row.updated_at;
    out.changes = row.changes;
    out.analysis = byGroup.get(groupId(row)) ?? {};
    if (req.cost) out[`cost_${req.cost}`] = row.cost ?? 0;
    return out;
  });
}
