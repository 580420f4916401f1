import type { ViewColumn, ViewResult } from '@opsdeck/schema/view';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../ui/DataTable.js';
import type { TableSort } from '../../ui/useTableUrlState.js';
import { viewQueries } from './api.js';
import { columnTitle } from './format.js';
import { ViewCards } from './ViewCards.js';
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
  const [sort, setSort] = useState<TableSort>(() => defaultSort(view.table?.sort));
  // a url column `for` another column lends it its link and is not shown itself
  const visible = view.columns.filter((c) => !c.hidden && !(c.type === 'url' && c.for));
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
        header: () => (
          <span title={c.description} style={c.width && /\D/.test(c.width) ? { width: c.width } : undefined}>
            {columnTitle(c.name)}
          </span>
        ),
        enableSorting: true,
        cell: ({ row }) => <ViewCell column={c} row={row.original} />,
      })),
    [visible],
  );
  const primary = view.columns.find((c) => c.primaryKey)?.name ?? visible[0]?.name ?? 'id';
  if (display === 'cards')
    return <ViewCards view={view} columns={visible} rows={(rows.data?.rows ?? []) as ViewRow[]} />;
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

/** `display.table.sort`: `-name` (or `name desc`) sorts descending, `name` / `+name` ascending. */
export function defaultSort(text: string | undefined): TableSort {
  const [first = '', dir] = (text ?? '').trim().split(/\s+/);
  const desc = first.startsWith('-') || dir === 'desc';
  const by = first.replace(/^[+-]/, '');
  return { sortBy: by || undefined, sortOrder: desc ? 'desc' : 'asc' };
}
