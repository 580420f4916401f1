import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * The items whose changes a recursive POST /api/catalog/changes reads: the asked ids plus every
 * item within `depth` hops of them (downstream = outgoing edges, upstream = incoming, all = both
 * walks), through live relationships (parent-child only unless `soft`) and live items (unless
 * `includeDeleted`), kept where the item filters hold. The walk goes one hop per statement from
 * the whole frontier at once (a breadth-first search keeping item ids only, each item expanded
 * once): every statement carries its frontier as an array, so the planner sizes it rightly (an
 * index probe per item for a few, one hash join for thousands) instead of guessing the size of a
 * recursive CTE's working table. related_configs_recursive (paths, depths, per-item counts for
 * the Relationships tab) is not needed here.
 */
export interface ScopeInput {
  ids: string[];
  recursive: 'upstream' | 'downstream' | 'all' | 'none';
  depth: number;
  soft: boolean;
  includeDeleted: boolean;
  /** Conditions on the item `ci` (deleted, type, agent, tags). */
  itemWhere: RawBuilder<unknown>;
  /** Whether itemWhere holds more than the deleted condition. */
  itemFilters: boolean;
}

async function walk(db: Db, input: ScopeInput, outgoing: boolean, reached: Set<string>): Promise<void> {
  const [from, to] = outgoing ? ['config_id', 'related_id'] : ['related_id', 'config_id'];
  const seen = new Set(input.ids);
  let frontier = input.ids;
  for (let hop = 1; hop <= input.depth && frontier.length > 0; hop++) {
    const { rows } = await sql<{ id: string }>`
      select distinct r.${sql.ref(to)} as id from config_relationships r
      where r.${sql.ref(from)} = any(${frontier}::uuid[]) and r.deleted_at is null
        ${input.soft ? sql`` : sql`and r.relation = 'hard'`}
        ${
          input.includeDeleted
            ? sql``
            : sql`and not exists (select 1 from config_items x where x.id = r.${sql.ref(to)} and x.deleted_at is not null)`
        }`.execute(db.kysely);
    frontier = [];
    for (const { id } of rows) {
      if (seen.has(id)) continue;
      seen.add(id);
      reached.add(id);
      frontier.push(id);
    }
  }
}

/** The scope's item ids. */
export async function changeScope(db: Db, input: ScopeInput): Promise<string[]> {
  const reached = new Set<string>();
  if (input.recursive !== 'none') {
    if (input.recursive !== 'upstream') await walk(db, input, true, reached);
    if (input.recursive !== 'downstream') await walk(db, input, false, reached);
  }
  // reached items are live already (unless deleted ones are asked for): only the asked ids, or
  // every id when other item filters are set, go through the filters
  const check = input.itemFilters ? [...new Set([...input.ids, ...reached])] : input.ids;
  const { rows } = await sql<{ id: string }>`
    select ci.id from config_items ci where ci.id = any(${check}::uuid[]) and ${input.itemWhere}`.execute(db.kysely);
  const own = rows.map((r) => r.id);
  return input.itemFilters ? own : [...new Set([...own, ...reached])];
}
