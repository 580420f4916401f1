import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Lock, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { buttonClass } from '../../../ui/Button.js';
import { DataTable } from '../../../ui/DataTable.js';
import { type CanaryListRow, canaryQueries } from './api.js';
import { docChecks, docFromRow } from './canaryDoc.js';
import { isUiManaged } from './origin.js';

/** /settings/canaries: every health check with its schedule, checks, source and last run. */
export function CanariesListPage() {
  const session = useSession();
  const navigate = useNavigate();
  const list = useQuery(canaryQueries.list());
  const columns = useMemo<ColumnDef<CanaryListRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Link to={`/settings/canaries/${row.original.id}`} className="font-medium text-zinc-900 hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: 'namespace', header: 'Namespace', accessorKey: 'namespace' },
      {
        id: 'checks',
        header: 'Checks',
        cell: ({ row }) => {
          const types = [...new Set(docChecks(docFromRow(row.original)).map((c) => c.type))];
          return <span className="font-mono text-xs text-zinc-600">{types.join(', ')}</span>;
        },
      },
      {
        id: 'schedule',
        header: 'Schedule',
        cell: ({ row }) => (
          <span className="font-mono text-xs">{String(row.original.spec?.schedule ?? '@every 1m')}</span>
        ),
      },
      {
        id: 'source',
        header: 'Source',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-1 text-xs text-zinc-600">
            {!isUiManaged(row.original.source, row.original.agent_id) && (
              <Lock className="h-3 w-3" aria-label="Read-only" />
            )}
            {row.original.source ?? ''}
          </span>
        ),
      },
      {
        id: 'job_status',
        header: 'Last run',
        cell: ({ row }) => <span className="text-xs">{row.original.job_status ?? ''}</span>,
      },
      {
        id: 'updated_at',
        header: 'Updated',
        cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
    ],
    [],
  );
  const rows = list.data?.rows ?? [];
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {session.can('canaries', 'create') && (
        <TopBarExtra>
          <Link to="/settings/canaries/new" className={buttonClass('primary', 'sm', 'gap-1.5')}>
            <Plus className="h-4 w-4" aria-hidden />
            Add health check
          </Link>
        </TopBarExtra>
      )}
      <DataTable<CanaryListRow>
        label="Health checks"
        columns={columns}
        data={rows}
        total={list.data?.total ?? 0}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/settings/canaries/${r.id}`)}
        isLoading={list.isFetching}
        error={list.error}
        pageIndex={0}
        pageSize={100}
        pageSizeOptions={[100]}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />
    </div>
  );
}
