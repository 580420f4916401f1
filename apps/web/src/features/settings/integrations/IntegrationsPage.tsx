import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button } from '../../../ui/Button.js';
import { cx } from '../../../ui/cx.js';
import { DataTable } from '../../../ui/DataTable.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { STATUS_CLASS } from '../jobs/JobHistoryTable.js';
import { AddIntegrationModal } from './AddIntegrationModal.js';
import { fetchIntegrations, type IntegrationRow } from './api.js';

/** Where each kind of integration is edited. */
const EDITOR: Record<IntegrationRow['integration_type'], (id: string) => string> = {
  scrapers: (id) => `/catalog/scrapers/${id}`,
  topologies: (id) => `/settings/topologies/${id}`,
  logging_backends: (id) => `/settings/logging_backends/${id}`,
};

/** /settings/integrations/:type/:id opens the integration in the editor of its kind. */
function IntegrationEditor() {
  const { type, id } = useParams();
  const to =
    type && id && type in EDITOR ? EDITOR[type as IntegrationRow['integration_type']](id) : '/settings/integrations';
  return <Navigate to={to} replace />;
}

/** /settings/integrations: scrapers (and topologies and log backends as they land) with their last job; Add Integration. */
export function IntegrationsPage() {
  const { id } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const table = useTableUrlState({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery({
    queryKey: ['integrations', { pageIndex, pageSize, sortBy, sortOrder }],
    queryFn: ({ signal }) => fetchIntegrations({ pageIndex, pageSize, sortBy, sortOrder }, signal),
    placeholderData: keepPreviousData,
    enabled: !id,
  });
  const columns = useMemo<ColumnDef<IntegrationRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      { id: 'namespace', header: 'Namespace', cell: ({ row }) => row.original.namespace ?? '' },
      { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? 'UI' },
      {
        id: 'job_status',
        header: 'Job Status',
        cell: ({ row }) =>
          row.original.job_status && (
            <span
              className={cx(
                'rounded px-1.5 py-0.5 text-xs font-medium',
                STATUS_CLASS[row.original.job_status] ?? 'bg-zinc-100',
              )}
            >
              {row.original.job_status}
            </span>
          ),
      },
      {
        id: 'job_time_start',
        header: 'Last Run',
        cell: ({ row }) => <Age date={row.original.job_time_start} suffix=" ago" className="text-xs text-zinc-600" />,
      },
      { id: 'creator_name', header: 'Created By', cell: ({ row }) => row.original.creator_name ?? '' },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => <Age date={row.original.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'updated_at',
        header: 'Updated At',
        cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
    ],
    [],
  );
  if (id) return <IntegrationEditor />;
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {session.can('integrations', 'create') && (
        <TopBarExtra>
          <Button variant="primary" size="sm" icon={<Plus className="h-4 w-4" />} onClick={() => setAdding(true)}>
            Add Integration
          </Button>
        </TopBarExtra>
      )}
      <DataTable<IntegrationRow>
        label="Integrations"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/settings/integrations/${r.integration_type}/${r.id}`)}
        {...serverTableProps(table, list)}
      />
      {adding && <AddIntegrationModal onClose={() => setAdding(false)} />}
    </div>
  );
}
