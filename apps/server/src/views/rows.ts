import type { ViewRowsPage, ViewSpec } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { badRequest } from '../errors.js';

export interface RowsRequest {
  fingerprint: string;
  limit: number;
  offset: number;
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
  /** `column -> values` (a leading `!` excludes). */
  filters: Record<string, string[]>;
}

const NUMERIC = new Set(['number', 'decimal', 'gauge', 'bytes', 'millicore', 'duration']);

/** One page of a view's stored rows for a variable set, filtered and sorted on declared columns. */
export async function viewRows(db: Db, viewId: string, spec: ViewSpec, req: RowsRequest): Promise<ViewRowsPage> {
  const columns = new Map((spec.columns ?? []).map((c) => [c.name, c]));
  const conds: RawBuilder<unknown>[] = [sql`view_id = ${viewId}`, sql`request_fingerprint = ${req.fingerprint}`];
  for (const [name, values] of Object.entries(req.filters)) {
    if (!columns.has(name)) throw badRequest(`filter.${name}: not a column of this view`);
    const include = values.filter((v) => !v.startsWith('!'));
    const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
    if (include.length) conds.push(sql`row ->> ${name} in (${sql.join(include)})`);
    if (exclude.length) conds.push(sql`(row ->> ${name} is null or row ->> ${name} not in (${sql.join(exclude)}))`);
  }
  if (req.search) {
    const pattern = `%${req.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const texts = [...columns.values()].filter((c) => !c.hidden).map((c) => sql`coalesce(row ->> ${c.name}, '')`);
    if (texts.length) conds.push(sql`(${sql.join(texts, sql` || ' ' || `)}) ilike ${pattern}`);
  }
  let order: RawBuilder<unknown> = sql`ordinal`;
  if (req.sort) {
    const c = columns.get(req.sort);
    if (!c) throw badRequest(`sort: ${JSON.stringify(req.sort)} is not a column of this view`);
    const dir = req.order === 'desc' ? sql`desc` : sql`asc`;
    const key = NUMERIC.has(c.type) ? sql`(row -> ${req.sort})` : sql`(row ->> ${req.sort})`;
    order = sql`${key} ${dir} nulls last, ordinal`;
  }
  const where = sql.join(conds, sql` and `);
  const { rows } = await sql<{ row: Record<string, unknown>; total: number }>`
    select row, count(*) over ()::int as total from view_rows where ${where}
    order by ${order} limit ${req.limit} offset ${req.offset}
  `.execute(db.kysely);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && req.offset > 0) {
    const c = await sql<{ n: number }>`select count(*)::int as n from view_rows where ${where}`.execute(db.kysely);
    total = c.rows[0]?.n ?? 0;
  }
  return { total, rows: rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)) };
}
