import type { ViewColumn, ViewResult } from '@opsdeck/schema/view';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../ui/DataTable.js';
import type { TableSort } from '../../ui/useTableUrlState.js';
import { viewQueries } from './api.js';
import { columnTitle } from './format.js';
import { ViewCell, type ViewRow } from './ViewCell.js';

const SIZES = [25, 50, 100] as const;

/** A view's rows, paged and sorted by the server, as a table or as cards. */
export function ViewRows({
  view,
  display,
  filters,
}: {
  view: ViewResult;
  display: 'table' | 'cards';
  filters: Record<string, string>;
}) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(view.table?.size ?? 50);
  const [sort, setSort] = useState<TableSort>(() => {
    const [by, dir] = (view.table?.sort ?? '').split(/\s+/);
    return { sortBy: by || undefined, sortOrder: dir === 'desc' ? 'desc' : 'asc' };
  });
  const visible = view.columns.filter((c) => !c.hidden);
  const rows = useQuery(
    viewQueries.rows(view.id, view.requestFingerprint, view.lastRefreshedAt, {
      limit: pageSize,
      offset: pageIndex * pageSize,
      sort: sort.sortBy,
      order: sort.sortOrder,
      filters,
    }),
  );
  const columns = useMemo<ColumnDef<ViewRow, unknown>[]>(
    () =>
      visible.map((c: ViewColumn) => ({
        id: c.name,
        header: columnTitle(c.name),
        enableSorting: true,
        cell: ({ row }) => <ViewCell column={c} row={row.original} />,
      })),
    [visible],
  );
  const primary = view.columns.find((c) => c.primaryKey)?.name ?? visible[0]?.name ?? 'id';
  if (display === 'cards') {
    const [title, ...rest] = visible;
    return (
      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(${view.card?.columns ?? 3}, minmax(0, 1fr))` }}
        data-testid="view-cards"
      >
        {(rows.data?.rows ?? []).map((r, i) => (
          <article
            key={String(r[primary] ?? i)}
            className="flex flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-sm"
          >
            {title && (
              <h3 className="font-medium">
                <ViewCell column={title} row={r as ViewRow} />
              </h3>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
              {rest.map((c) => (
                <div key={c.name} className="contents">
                  <dt className="text-zinc-500">{columnTitle(c.name)}</dt>
                  <dd>
                    <ViewCell column={c} row={r as ViewRow} />
                  </dd>
                </div>
              ))}
            </dl>
          </article>
        ))}
      </div>
    );
  }
  return (
    <DataTable<ViewRow>
      label={`${view.title} rows`}
      columns={columns}
      data={(rows.data?.rows ?? []) as ViewRow[]}
      total={rows.data?.total ?? 0}
      pageIndex={pageIndex}
      pageSize={pageSize}
      pageSizeOptions={SIZES}
      onPageChange={setPageIndex}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPageIndex(0);
      }}
      sort={sort}
      onSortChange={(s) => {
        setSort(s);
        setPageIndex(0);
      }}
      getRowId={(r) => String(r[primary] ?? JSON.stringify(r))}
      isLoading={rows.isLoading}
      error={rows.error}
    />
  );
}
