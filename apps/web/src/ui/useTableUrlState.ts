import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, parsePageIndex, parsePageSize } from '../utils/pagination.js';
import { readStored, writeStored } from './useLocalStorage.js';

/** Server-side sort: a column id and direction, or none. */
export interface TableSort {
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
}

export interface TableUrlState extends TableSort {
  pageIndex: number;
  pageSize: number;
  setPageIndex(pageIndex: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: TableSort): void;
}

/** localStorage key of the page size a person last picked. */
export const PAGE_SIZE_KEY = 'persistPageSize';

/**
 * Paging and sorting of a server-side table, kept in the URL (`pageIndex`, `pageSize`, `sortBy`,
 * `sortOrder`) so it can be bookmarked. The chosen page size is also remembered in
 * `persistPageSize`. Changing the sort or page size goes back to the first page.
 */
export function useTableUrlState(
  opts: { defaultSort?: TableSort; pageSizeOptions?: readonly number[]; defaultPageSize?: number } = {},
): TableUrlState {
  const [params, setParams] = useSearchParams();
  const options = opts.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const remembered = readStored<number>(PAGE_SIZE_KEY, opts.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const fallbackSize = options.includes(remembered) ? remembered : (opts.defaultPageSize ?? options[0] ?? 50);
  const order = params.get('sortOrder');

  const update = useCallback(
    (patch: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    pageIndex: parsePageIndex(params.get('pageIndex')),
    pageSize: parsePageSize(params.get('pageSize'), options, fallbackSize),
    sortBy: params.get('sortBy') ?? opts.defaultSort?.sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : (opts.defaultSort?.sortOrder ?? 'asc'),
    setPageIndex: (pageIndex) => update({ pageIndex: String(pageIndex) }),
    setPageSize: (pageSize) => {
      writeStored(PAGE_SIZE_KEY, pageSize);
      update({ pageSize: String(pageSize), pageIndex: '0' });
    },
    setSort: ({ sortBy, sortOrder }) => update({ sortBy: sortBy ?? '', sortOrder, pageIndex: '0' }),
  };
}

/** What a page query gives a server-side table: one page of rows and the total from Content-Range. */
interface PageQuery<T> {
  data?: { rows: T[]; total: number } | undefined;
  isFetching: boolean;
  error: unknown;
}

/** The DataTable props that come from the URL table state and its page query: rows, paging, sort, loading. */
export function serverTableProps<T>(table: TableUrlState, page: PageQuery<T>) {
  return {
    data: page.data?.rows ?? [],
    total: page.data?.total ?? 0,
    isLoading: page.isFetching,
    error: page.error,
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
    onPageChange: table.setPageIndex,
    onPageSizeChange: table.setPageSize,
    sort: { sortBy: table.sortBy, sortOrder: table.sortOrder },
    onSortChange: table.setSort,
  };
}
