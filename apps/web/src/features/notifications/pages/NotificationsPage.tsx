import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { notificationQueries } from '../api.js';
import { HistoryFilters, type HistoryFilterValues } from '../components/HistoryFilters.js';
import { NotificationsNav } from '../components/NotificationsNav.js';
import { SendHistoryTable } from '../components/SendHistoryTable.js';

/** /notifications: every send, with search, status, resource type and deleted-resource filters in the URL. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState();
  const filters: HistoryFilterValues = {
    search: params.get('search') ?? '',
    status: params.get('status') ?? '',
    resourceType: params.get('resourceType') ?? '',
    includeDeleted: params.get('includeDeleted') === 'true',
  };
  const history = useQuery(
    notificationQueries.history({
      search: filters.search,
      status: filters.status,
      resourceType: filters.resourceType,
      includeDeletedResources: filters.includeDeleted,
      pageIndex: table.pageIndex,
      pageSize: table.pageSize,
    }),
  );
  // changing a filter goes back to the first page
  const update = useCallback(
    (patch: Partial<HistoryFilterValues>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === '' || v === false) next.delete(k);
            else next.set(k, String(v));
          }
          next.set('pageIndex', '0');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <NotificationsNav />
      <HistoryFilters value={filters} onChange={update} />
      <SendHistoryTable
        rows={history.data?.results ?? []}
        total={history.data?.total ?? 0}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
        isLoading={history.isFetching}
        error={history.error}
      />
    </div>
  );
}
