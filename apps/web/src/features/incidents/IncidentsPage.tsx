import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TopBarExtra } from '../../app/layout/topBarContext.js';
import { useFallbackInterval } from '../../app/live/LiveUpdates.js';
import { useSession } from '../../app/session.js';
import { Age } from '../../ui/Age.js';
import { Avatar } from '../../ui/Avatar.js';
import { Button } from '../../ui/Button.js';
import { DataTable } from '../../ui/DataTable.js';
import { serverTableProps, useTableUrlState } from '../../ui/useTableUrlState.js';
import { type IncidentFilters, type IncidentSummaryRow, incidentQueries } from './api.js';
import { SeverityBadge, StatusBadge } from './components/Badges.js';
import { CreateIncidentModal } from './components/CreateIncidentModal.js';
import { FailingChecks } from './components/FailingChecks.js';
import { IncidentFilterBar } from './components/IncidentFilterBar.js';
import { humanize } from './utils/labels.js';

const FILTER_KEYS = ['status', 'severity', 'type', 'owner'] as const;

/** /incidents: every incident, filtered by status, severity, type and owner, newest first. */
export function IncidentsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const filters: IncidentFilters = Object.fromEntries(
    FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v),
  );
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery({
    ...incidentQueries.list({ ...filters, pageIndex, pageSize, sortBy, sortOrder }),
    refetchInterval: useFallbackInterval(30_000),
  });
  const [creating, setCreating] = useState(false);

  // changing a filter goes back to the first page
  const setFilters = (patch: Partial<IncidentFilters>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.set('pageIndex', '0');
        return next;
      },
      { replace: true },
    );

  const columns = useMemo<ColumnDef<IncidentSummaryRow, unknown>[]>(
    () => [
      {
        id: 'incident_id',
        header: 'ID',
        size: 90,
        cell: ({ row }) => <span className="font-mono text-xs text-zinc-500">{row.original.incident_id}</span>,
      },
      {
        id: 'title',
        header: 'Title',
        cell: ({ row }) => (
          <Link
            to={`/incidents/${row.original.id}`}
            onClick={(e) => e.stopPropagation()}
            className="font-medium text-zinc-900 hover:text-indigo-700 hover:underline"
          >
            {row.original.title}
          </Link>
        ),
      },
      {
        id: 'severity',
        header: 'Severity',
        size: 90,
        cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
      },
      {
        id: 'status',
        header: 'Status',
        size: 110,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'type',
        header: 'Type',
        size: 110,
        cell: ({ row }) => <span className="text-xs">{humanize(row.original.type)}</span>,
      },
      {
        id: 'commander_id',
        header: 'Commander',
        size: 170,
        cell: ({ row }) =>
          row.original.commander ? (
            <span className="flex items-center gap-1.5">
              <Avatar user={row.original.commander} size="xs" />
              <span className="truncate text-xs">{row.original.commander.name}</span>
            </span>
          ) : (
            <span className="text-xs text-zinc-400">Unassigned</span>
          ),
      },
      {
        id: 'responders',
        header: 'Responders',
        enableSorting: false,
        size: 120,
        cell: ({ row }) => (
          <span className="flex -space-x-1">
            {(row.original.responders ?? []).slice(0, 5).map((p) => (
              <Avatar key={p.id} user={p} size="xs" className="ring-2 ring-white" />
            ))}
            {(row.original.responders?.length ?? 0) > 5 && (
              <span className="pl-2 text-xs text-zinc-500">+{(row.original.responders?.length ?? 0) - 5}</span>
            )}
          </span>
        ),
      },
      {
        id: 'created_at',
        header: 'Age',
        size: 70,
        cell: ({ row }) => <Age date={row.original.created_at} className="text-xs text-zinc-500 tabular-nums" />,
      },
    ],
    [],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {session.can('incident', 'create') && (
        <TopBarExtra>
          <span className="flex-1" />
          <Button variant="primary" size="sm" icon={<Plus className="h-4 w-4" />} onClick={() => setCreating(true)}>
            Create Incident
          </Button>
        </TopBarExtra>
      )}
      <FailingChecks />
      <IncidentFilterBar filters={filters} onChange={setFilters} />
      <DataTable<IncidentSummaryRow>
        label="Incidents"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/incidents/${r.id}`)}
        {...serverTableProps(table, list)}
        emptyMessage={Object.keys(filters).length ? 'No incidents match these filters' : 'No incidents'}
      />
      {creating && <CreateIncidentModal onClose={() => setCreating(false)} />}
    </div>
  );
}
