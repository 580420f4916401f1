import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Age } from '../../../ui/Age.js';
import { DataTable } from '../../../ui/DataTable.js';
import type { SendRow } from '../api.js';
import { SendDetailModal } from './SendDetailModal.js';
import { StatusBadge } from './StatusBadge.js';

export interface SendHistoryTableProps {
  rows: SendRow[];
  total: number;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  error: unknown;
  /** Leave out the resource column (the resource page names it once above). */
  hideResource?: boolean;
}

/** Sends, newest first; a row opens its detail (kept in the URL as `?id=`). */
export function SendHistoryTable({ rows, hideResource, ...page }: SendHistoryTableProps) {
  const [params, setParams] = useSearchParams();
  const open = useCallback(
    (id: string | undefined) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      }),
    [setParams],
  );

  const columns = useMemo<ColumnDef<SendRow, unknown>[]>(() => {
    const all: ColumnDef<SendRow, unknown>[] = [
      {
        id: 'resource',
        header: 'Resource',
        cell: ({ row: { original: r } }) => (
          <Link
            to={`/notifications/resource/${r.resource_id}`}
            onClick={(e) => e.stopPropagation()}
            className="flex min-w-0 flex-col hover:underline"
          >
            <span className="truncate font-medium text-zinc-900">{r.resource_name ?? r.resource_id}</span>
            <span className="text-xs text-zinc-500">
              {[r.resource_kind, r.resource_type].filter(Boolean).join(' · ')}
            </span>
          </Link>
        ),
      },
      {
        id: 'title',
        header: 'Notification',
        cell: ({ row: { original: r } }) => (
          <button type="button" onClick={() => open(r.id)} className="flex max-w-md min-w-0 flex-col text-left">
            <span className="truncate text-zinc-900">{r.title || r.source_event}</span>
            <span className="truncate font-mono text-xs text-zinc-500">{r.source_event}</span>
          </button>
        ),
      },
      {
        id: 'notification_name',
        header: 'Rule',
        cell: ({ row: { original: r } }) => (
          <span className="text-xs text-zinc-600">
            {r.notification_namespace ? `${r.notification_namespace}/` : ''}
            {r.notification_name}
          </span>
        ),
      },
      {
        id: 'recipient',
        header: 'Recipient',
        cell: ({ row: { original: r } }) => (
          <span className="text-xs text-zinc-600">{r.recipient_name ?? r.recipient ?? ''}</span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: r } }) => (
          <span title={r.error ?? undefined}>
            <StatusBadge status={r.status} />
            {r.count > 1 && <span className="ml-1 text-xs text-zinc-500">×{r.count}</span>}
          </span>
        ),
      },
      {
        id: 'created_at',
        header: 'Sent',
        cell: ({ row: { original: r } }) => <Age date={r.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
    ];
    return hideResource ? all.filter((c) => c.id !== 'resource') : all;
  }, [hideResource, open]);

  return (
    <>
      <DataTable<SendRow>
        label="Send history"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        onRowClick={(r) => open(r.id)}
        {...page}
      />
      {params.get('id') && <SendDetailModal id={params.get('id') as string} onClose={() => open(undefined)} />}
    </>
  );
}
