import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/layout/topBarContext.js';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { notificationQueries } from '../api.js';
import { NotificationsNav } from '../components/NotificationsNav.js';
import { SendHistoryTable } from '../components/SendHistoryTable.js';
import { SEND_STATUSES, statusLabel } from '../utils/statuses.js';

/** /notifications/resource/:resourceId: every send about one check, config item, component or canary. */
export function ResourceNotificationsPage() {
  const { resourceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const table = useTableUrlState();
  const list = useQuery(
    notificationQueries.resourceHistory({
      resourceId,
      status,
      pageIndex: table.pageIndex,
      pageSize: table.pageSize,
    }),
  );
  const first = list.data?.rows[0];
  usePageTitle(first ? `Notifications of ${first.resource_name ?? resourceId}` : undefined);

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <NotificationsNav />
      <div className="flex flex-wrap items-center gap-3">
        {first && (
          <p className="text-sm text-zinc-600">
            {[first.resource_kind, first.resource_type].filter(Boolean).join(' · ')}{' '}
            <span className="font-mono text-xs text-zinc-400">{resourceId}</span>
          </p>
        )}
        <label className="ml-auto flex items-center gap-1.5 text-sm text-zinc-600">
          Status
          <select
            className="h-8 rounded-md bg-white px-2 text-sm ring-1 ring-zinc-300 ring-inset"
            value={status}
            onChange={(e) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (e.target.value) next.set('status', e.target.value);
                  else next.delete('status');
                  next.set('pageIndex', '0');
                  return next;
                },
                { replace: true },
              )
            }
          >
            <option value="">All</option>
            {SEND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SendHistoryTable
        hideResource
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
        isLoading={list.isFetching}
        error={list.error}
      />
    </div>
  );
}
