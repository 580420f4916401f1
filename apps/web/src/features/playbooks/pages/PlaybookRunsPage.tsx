import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFallbackInterval } from '../../../app/live/LiveUpdates.js';
import { Age } from '../../../ui/Age.js';
import { DataTable } from '../../../ui/DataTable.js';
import { DateTime } from '../../../ui/DateTime.js';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { playbookQueries, type RunRow } from '../api.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { duration, RUN_STATUSES, statusLabel } from '../utils/status.js';

const select = 'h-8 rounded-md border border-zinc-300 px-2 text-sm';

const RANGES: Array<[string, string]> = [
  ['', 'Any time'],
  ['1h', 'Last hour'],
  ['24h', 'Last 24 hours'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
];
const RANGE_MS: Record<string, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** The ISO time a `range` of the URL starts at, or '' for any time. */
export function sinceOf(range: string, now: number): string {
  const ms = RANGE_MS[range];
  return ms ? new Date(now - ms).toISOString() : '';
}

/** What a run was run against, for the Resource column and the run header. */
export function runResource(r: RunRow): { label: string; to?: string } | undefined {
  if (r.config) return { label: r.config.name, to: `/catalog/${r.config.id}` };
  if (r.check) return { label: r.check.name, to: `/health?checkId=${r.check.id}` };
  if (r.component_id) return { label: r.component?.name ?? r.component_id, to: `/topology/${r.component_id}` };
  return undefined;
}

/** /playbooks/runs: top-level runs, newest first, filtered by playbook and status (backend-2 3.1). */
export function PlaybookRunsPage() {
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState();
  const playbook = params.get('playbook') ?? '';
  const status = params.get('status') ?? '';
  const range = params.get('range') ?? '';
  // a stable "since" per minute, so the query key does not change on every render
  const since = useMemo(() => sinceOf(range, Math.floor(Date.now() / 60_000) * 60_000), [range]);
  const runs = useQuery({
    ...playbookQueries.runs({ playbook, status, since, pageIndex: table.pageIndex, pageSize: table.pageSize }),
    refetchInterval: useFallbackInterval(5000),
  });
  const playbooks = useQuery(playbookQueries.readable());
  const navigate = useNavigate();
  const setFilter = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('pageIndex');
      return next;
    });
  const columns = useMemo<ColumnDef<RunRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: r } }) => (
          <Link to={`/playbooks/runs/${r.id}`} className="font-medium text-zinc-900 hover:underline">
            {r.playbooks?.title || r.playbooks?.name || r.playbook_id}
          </Link>
        ),
      },
      {
        id: 'resource',
        header: 'Resource',
        cell: ({ row: { original: r } }) => {
          const res = runResource(r);
          return res?.to ? (
            <Link to={res.to} className="text-sm text-blue-700 hover:underline">
              {res.label}
            </Link>
          ) : null;
        },
      },
      { id: 'status', header: 'Status', cell: ({ row: { original: r } }) => <StatusBadge status={r.status} /> },
      {
        id: 'start_time',
        header: 'Date',
        cell: ({ row: { original: r } }) => (
          <DateTime date={r.start_time ?? r.scheduled_time} className="text-xs text-zinc-600" />
        ),
      },
      {
        id: 'duration',
        header: 'Duration',
        cell: ({ row: { original: r } }) => (
          <span className="text-xs text-zinc-600">{duration(r.start_time, r.end_time)}</span>
        ),
      },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row: { original: r } }) => <Age date={r.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'created_by',
        header: 'Created By',
        cell: ({ row: { original: r } }) => <span className="text-xs text-zinc-600">{r.created_by?.name ?? ''}</span>,
      },
    ],
    [],
  );
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Playbook
          <select
            aria-label="Playbook"
            className={select}
            value={playbook}
            onChange={(e) => setFilter('playbook', e.target.value)}
          >
            <option value="">All</option>
            {(playbooks.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.title || p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Status
          <select
            aria-label="Status"
            className={select}
            value={status}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">All</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Created
          <select
            aria-label="Created"
            className={select}
            value={range}
            onChange={(e) => setFilter('range', e.target.value)}
          >
            {RANGES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        label="Playbook runs"
        columns={columns}
        data={runs.data?.rows ?? []}
        total={runs.data?.total ?? 0}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/playbooks/runs/${r.id}`)}
        isLoading={runs.isLoading}
        error={runs.error}
      />
    </div>
  );
}
