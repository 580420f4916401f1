import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../ui/DataTable.js';
import { DateTime } from '../../ui/DateTime.js';
import { serverTableProps, useTableUrlState } from '../../ui/useTableUrlState.js';
import { catalogQueries } from './api.js';
import { SeverityBadge } from './HealthBadge.js';
import type { InsightRow } from './types.js';

const columns: ColumnDef<InsightRow, unknown>[] = [
  {
    id: 'config_name',
    header: 'Catalog',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <Link to={`/catalog/${row.original.config_id}`} className="font-medium text-zinc-900 hover:underline">
          {row.original.config_name ?? row.original.config_id}
        </Link>
        <span className="text-xs text-zinc-500">{row.original.config_type}</span>
      </span>
    ),
  },
  { id: 'analysis_type', header: 'Type', cell: ({ row }) => row.original.analysis_type ?? '' },
  { id: 'analyzer', header: 'Analyzer', cell: ({ row }) => row.original.analyzer },
  {
    id: 'summary',
    header: 'Summary',
    cell: ({ row }) => (
      <span title={row.original.message ?? undefined}>{row.original.summary ?? row.original.message}</span>
    ),
  },
  { id: 'severity', header: 'Severity', cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> },
  { id: 'status', header: 'Status', cell: ({ row }) => row.original.status },
  { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? '' },
  {
    id: 'first_observed',
    header: 'First Observed',
    cell: ({ row }) => <DateTime date={row.original.first_observed} />,
  },
  { id: 'last_observed', header: 'Last Observed', cell: ({ row }) => <DateTime date={row.original.last_observed} /> },
];

/** Insights (config_analysis_items), server-paged and sorted, with PostgREST filters from the caller. */
export function InsightsTable({ filters }: { filters: Record<string, string | undefined> }) {
  const table = useTableUrlState({ defaultSort: { sortBy: 'first_observed', sortOrder: 'desc' } });
  const page = useQuery(
    catalogQueries.insights(filters, {
      pageIndex: table.pageIndex,
      pageSize: table.pageSize,
      sortBy: table.sortBy,
      sortOrder: table.sortOrder,
    }),
  );
  return <DataTable label="Insights" columns={columns} getRowId={(r) => r.id} {...serverTableProps(table, page)} />;
}
