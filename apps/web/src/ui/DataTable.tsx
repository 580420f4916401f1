import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useRef } from 'react';
import { errorMessage } from '../api/errors.js';
import { PAGE_SIZE_OPTIONS } from '../utils/pagination.js';
import { cx } from './cx.js';
import { EmptyState } from './EmptyState.js';
import { Pagination } from './Pagination.js';
import { LoadingBlock } from './Spinner.js';
import type { TableSort } from './useTableUrlState.js';

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Rows matching on the server (from Content-Range). */
  total: number;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  pageSizeOptions?: readonly number[];
  getRowId?: (row: T) => string;
  onRowClick?: (row: T) => void;
  isLoading?: boolean;
  error?: unknown;
  /** Accessible name of the table. */
  label: string;
  emptyMessage?: string;
  /** Render only the rows in view once a page has more rows than this (default 100). */
  virtualizeAbove?: number;
}

/** Estimated row height before rows are measured, in px. */
const ROW_HEIGHT = 37;

/**
 * A table sorted and paged by the server: clicking a sortable header changes `sort`, the footer
 * changes the page. Column ids are the server's column names (they go into `order=`).
 */
export function DataTable<T>({
  columns,
  data,
  total,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  getRowId,
  onRowClick,
  isLoading,
  error,
  label,
  emptyMessage,
  virtualizeAbove = 100,
}: DataTableProps<T>) {
  const sorting: SortingState = sort?.sortBy ? [{ id: sort.sortBy, desc: sort.sortOrder === 'desc' }] : [];
  const table = useReactTable<T>({
    columns,
    data,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting, pagination: { pageIndex, pageSize } },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange?.(first ? { sortBy: first.id, sortOrder: first.desc ? 'desc' : 'asc' } : { sortOrder: 'asc' });
    },
  });

  const headerGroups = table.getHeaderGroups();
  const colCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;

  // big pages (up to 1000 rows) keep only the rows in view in the DOM, with spacer rows around them
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual ? virtualizer.getVirtualItems() : undefined;
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const shown = items
    ? items.map((item) => ({ row: rows[item.index], index: item.index }))
    : rows.map((row, index) => ({ row, index }));

  return (
    <div className="flex min-h-0 flex-col overflow-hidden rounded-lg bg-white ring-1 ring-zinc-200">
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto">
        <table aria-label={label} aria-busy={isLoading || undefined} className="w-full border-collapse text-sm">
          <thead className="sticky top-0 z-10 bg-zinc-50">
            {headerGroups.map((group) => (
              <tr key={group.id} className="border-b border-zinc-200">
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort() && !!onSortChange;
                  const dir = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                      style={header.column.columnDef.size ? { width: header.getSize() } : undefined}
                      className="px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-zinc-500"
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-zinc-900"
                        >
                          {content}
                          {dir === 'asc' ? (
                            <ArrowUp aria-hidden className="h-3.5 w-3.5" />
                          ) : dir === 'desc' ? (
                            <ArrowDown aria-hidden className="h-3.5 w-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden className="h-3.5 w-3.5 opacity-40" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {error ? (
              <tr>
                <td colSpan={colCount} role="alert" className="px-3 py-10 text-center text-sm text-red-600">
                  {errorMessage(error)}
                </td>
              </tr>
            ) : isLoading && data.length === 0 ? (
              <tr>
                <td colSpan={colCount}>
                  <LoadingBlock />
                </td>
              </tr>
            ) : data.length === 0 ? (
              <tr>
                <td colSpan={colCount}>
                  <EmptyState message={emptyMessage} />
                </td>
              </tr>
            ) : (
              <>
                {padTop > 0 && (
                  <tr aria-hidden>
                    <td colSpan={colCount} style={{ height: padTop, padding: 0 }} />
                  </tr>
                )}
                {shown.map(({ row, index }) =>
                  row ? (
                    <tr
                      key={row.id}
                      data-index={index}
                      ref={virtual ? virtualizer.measureElement : undefined}
                      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                      className={cx(
                        'border-b border-zinc-100 last:border-0',
                        onRowClick && 'cursor-pointer hover:bg-zinc-50',
                        isLoading && 'opacity-60',
                      )}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className="px-3 py-2 align-middle text-zinc-700">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  ) : null,
                )}
                {padBottom > 0 && (
                  <tr aria-hidden>
                    <td colSpan={colCount} style={{ height: padBottom, padding: 0 }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
        </table>
      </div>
      <div className="border-t border-zinc-200">
        <Pagination
          pageIndex={pageIndex}
          pageSize={pageSize}
          total={total}
          pageSizeOptions={pageSizeOptions}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
        />
      </div>
    </div>
  );
}
