import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Age } from '../../../ui/Age.js';
import { cx } from '../../../ui/cx.js';
import { DataTable } from '../../../ui/DataTable.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { formatDuration } from '../../../utils/duration.js';
import { type JobHistoryRow, jobQueries } from './api.js';
import { JobDetailsModal } from './JobDetailsModal.js';
import { JobFilterBar } from './JobFilterBar.js';
import { JOB_HISTORY_PAGE_SIZE, STATUS_CLASS } from './JobHistoryTable.js';
import { jobDetailTabs, jobResourceLink } from './jobDetails.js';
import { jobFilterParams, jobsEmptyMessage, readJobFilters } from './jobFilters.js';

const PAGE_SIZES = [50, 100, JOB_HISTORY_PAGE_SIZE, 250, 500] as const;

/** /settings/jobs: every job run, filtered, sorted and paged by the server; a row opens its details. */
export function JobsHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filters = readJobFilters(params);
  const table = useTableUrlState({
    defaultSort: { sortBy: 'created_at', sortOrder: 'desc' },
    pageSizeOptions: PAGE_SIZES,
    defaultPageSize: JOB_HISTORY_PAGE_SIZE,
  });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  // the time range is resolved once per filter change, so paging keeps the same window
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filters` is rebuilt each render; its URL text is the key
  const where = useMemo(() => jobFilterParams(filters, new Date()), [params.toString()]);
  const jobs = useQuery(jobQueries.page({ filters: where, pageIndex, pageSize, sortBy, sortOrder }));
  const [open, setOpen] = useState<JobHistoryRow>();

  // a filter change resets paging
  const change = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        next.delete('pageIndex');
        return next;
      },
      { replace: true },
    );

  const columns = useMemo<ColumnDef<JobHistoryRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Job Name',
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.name}</span>,
      },
      {
        id: 'resource_name',
        header: 'Resource',
        cell: ({ row }) => {
          const j = row.original;
          const href = jobResourceLink(j.resource_type, j.resource_id);
          const text = j.resource_name ?? j.resource_id ?? '';
          return (
            <span className="flex flex-col">
              {href ? (
                <Link to={href} onClick={(e) => e.stopPropagation()} className="text-blue-700 hover:underline">
                  {text}
                </Link>
              ) : (
                <span>{text}</span>
              )}
              {j.resource_type && <span className="text-xs text-zinc-500">{j.resource_type}</span>}
            </span>
          );
        },
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span
            className={cx(
              'rounded px-1.5 py-0.5 text-xs font-medium',
              STATUS_CLASS[row.original.status] ?? 'bg-zinc-100',
            )}
          >
            {row.original.status}
          </span>
        ),
      },
      {
        id: 'hostname',
        header: 'Host',
        cell: ({ row }) => <span className="text-xs text-zinc-600">{row.original.hostname}</span>,
      },
      {
        id: 'agent',
        header: 'Agent',
        enableSorting: false,
        cell: ({ row }) => <span className="text-xs text-zinc-600">{row.original.agent?.name ?? ''}</span>,
      },
      {
        id: 'time_start',
        header: 'Started',
        cell: ({ row }) => <Age date={row.original.time_start} suffix=" ago" className="text-xs text-zinc-600" />,
      },
      {
        id: 'duration_millis',
        header: 'Duration',
        cell: ({ row }) => <span className="text-xs">{formatDuration(row.original.duration_millis)}</span>,
      },
      // zero counts are not shown
      {
        id: 'success_count',
        header: 'Success',
        cell: ({ row }) => <span className="text-xs">{row.original.success_count || ''}</span>,
      },
      {
        id: 'error_count',
        header: 'Errors',
        cell: ({ row }) => <span className="text-xs text-red-700">{row.original.error_count || ''}</span>,
      },
    ],
    [],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <JobFilterBar filters={filters} onChange={change} />
      <DataTable<JobHistoryRow>
        label="Jobs history"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(row) => jobDetailTabs(row.details).length > 0 && setOpen(row)}
        pageSizeOptions={PAGE_SIZES}
        emptyMessage={jobsEmptyMessage(filters)}
        {...serverTableProps(table, jobs)}
        // a load error shows only when there is nothing to show
        error={jobs.data?.rows.length ? undefined : jobs.error}
      />
      {open && <JobDetailsModal job={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
