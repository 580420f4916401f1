import { parseContentRange } from '../utils/contentRange.js';
import { type QueryParams, type RequestOptions, request } from './client.js';

/** One page of rows and the total the server counted. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageQuery {
  /** PostgREST `select=`, e.g. `id,name,created_by(id,name)`. */
  select?: string;
  /** PostgREST filters, e.g. `{ deleted_at: 'is.null', status: 'eq.open' }`. */
  filters?: QueryParams;
  /** Column to sort by and direction; sent as `order=col.asc|desc`. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
  signal?: AbortSignal;
}

/** The `order=` value for a sort, with nulls last so empty values do not lead a page. */
export function orderParam(sortBy: string | undefined, sortOrder: 'asc' | 'desc' = 'asc'): string | undefined {
  if (!sortBy) return undefined;
  return `${sortBy}.${sortOrder}.nullslast`;
}

/**
 * Reads one page of a PostgREST resource (`/api/db/<table>` or another PostgREST base) with
 * `Prefer: count=exact`, taking the total from `Content-Range` (falling back to the rows seen).
 */
export async function fetchPage<T>(base: string, q: PageQuery): Promise<Page<T>> {
  const params: QueryParams = {
    ...q.filters,
    select: q.select,
    order: orderParam(q.sortBy, q.sortOrder),
    limit: q.pageSize,
    offset: Math.max(0, q.pageIndex) * q.pageSize,
  };
  // paging by limit/offset only (no Range header), so the two can never disagree
  const opts: RequestOptions = { params, signal: q.signal, headers: { Prefer: 'count=exact' } };
  const res = await request<T[]>('GET', base, opts);
  const rows = Array.isArray(res.data) ? res.data : [];
  const total = parseContentRange(res.headers.get('content-range'))?.total;
  return { rows, total: total ?? q.pageIndex * q.pageSize + rows.length };
}
