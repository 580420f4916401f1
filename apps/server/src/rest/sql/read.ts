import { type RawBuilder, sql } from 'kysely';
import type { ParsedQuery } from '../parse/query.js';
import type { Relation } from '../schemaCache.js';
import { conjunction, filterExpr, type Scope } from './expr.js';
import { pageTail, type QueryBuilder } from './level.js';

/** The result of a read: the JSON body built by the database, the page size and the total. */
export interface ReadResult {
  body: string;
  page_total: number;
  total: number | null;
}

/** What a read selects from: a table or view, or a function call (`fn(a => $1) as t0`). */
export interface Source {
  scope: Scope;
  /** Set when the source has foreign keys to embed through. */
  relation?: Relation;
  from: RawBuilder<unknown>;
}

export interface ReadOptions {
  count: boolean;
  stripNulls: boolean;
  limit?: number;
  offset?: number;
}

/**
 * One statement for a page: the rows as a JSON array (PostgREST's shapes, built by json_agg so the
 * server never re-serializes), the page size, and, for `count=exact`, the total from a separate
 * count(*) over the same filters. A separate count beats `count(*) over ()`, which would sort and
 * window every matching row before the limit (see bench/scenarios/rest.ts).
 */
export function readStatement(qb: QueryBuilder, source: Source, query: ParsedQuery, opts: ReadOptions) {
  const { scope } = source;
  const built = qb.selectList(scope, source.relation, query.select, '');
  qb.checkEmbeddedOptions();
  const where = conjunction([...query.root.filters.map((f) => filterExpr(scope, f)), ...built.conditions]);
  const list = built.columns.length ? sql.join(built.columns) : sql``;
  const tail = pageTail(scope, query.root, opts.limit, opts.offset);
  const agg = sql`coalesce(json_agg(_r), '[]'::json)`;
  const body = opts.stripNulls ? sql`json_strip_nulls(${agg})` : agg;
  const total = opts.count ? sql`(select count(*) from ${source.from} where ${where})` : sql`null::int8`;
  return sql<ReadResult>`
    select ${body}::text as body, count(*)::int as page_total, ${total} as total
    from (select ${list} from ${source.from} where ${where}${tail}) _r`;
}
