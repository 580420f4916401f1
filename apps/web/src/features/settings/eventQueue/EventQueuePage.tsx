import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Age } from '../../../ui/Age.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { type EventQueueRow, eventQueueQueries } from './api.js';

const count = (n: number, tone: string) => (
  <span className={n > 0 ? `font-medium tabular-nums ${tone}` : 'text-zinc-400 tabular-nums'}>{n}</span>
);

const COLUMNS: ColumnDef<EventQueueRow, unknown>[] = [
  {
    id: 'name',
    header: 'Event',
    cell: ({ row: { original: r } }) => <span className="font-mono text-xs text-zinc-900">{r.name}</span>,
  },
  { id: 'pending', header: 'Pending', cell: ({ row: { original: r } }) => count(r.pending, 'text-amber-700') },
  { id: 'failed', header: 'Failed', cell: ({ row: { original: r } }) => count(r.failed, 'text-red-700') },
  {
    id: 'average_attempts',
    header: 'Avg. attempts',
    cell: ({ row: { original: r } }) => <span className="tabular-nums">{Number(r.average_attempts).toFixed(1)}</span>,
  },
  {
    id: 'first_failure',
    header: 'First failure',
    cell: ({ row: { original: r } }) => <Age date={r.first_failure} suffix=" ago" className="text-xs text-zinc-500" />,
  },
  {
    id: 'last_failure',
    header: 'Last failure',
    cell: ({ row: { original: r } }) => <Age date={r.last_failure} suffix=" ago" className="text-xs text-zinc-500" />,
  },
  {
    id: 'most_common_error',
    header: 'Last error',
    cell: ({ row: { original: r } }) =>
      r.most_common_error ? (
        <span className="line-clamp-2 max-w-xl font-mono text-xs break-words text-red-700" title={r.most_common_error}>
          {r.most_common_error}
        </span>
      ) : null,
  },
];

/** /settings/event-queue-status: per event name, what waits, what failed, attempts and the error it fails with. */
export function EventQueuePage() {
  const table = useTableUrlState();
  const summary = useQuery(eventQueueQueries.summary());
  const all = summary.data ?? [];
  const rows = all.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <DataTable<EventQueueRow>
        label="Event queue"
        columns={COLUMNS}
        data={rows}
        total={all.length}
        getRowId={(r) => r.name}
        isLoading={summary.isFetching}
        error={summary.error}
        emptyMessage="The event queue is empty"
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
      />
    </div>
  );
}
