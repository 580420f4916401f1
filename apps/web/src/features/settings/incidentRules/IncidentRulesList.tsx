import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Avatar } from '../../../ui/Avatar.js';
import { buttonClass } from '../../../ui/Button.js';
import { DataTable } from '../../../ui/DataTable.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { SeverityBadge } from '../../incidents/components/Badges.js';
import { type IncidentRuleRow, ruleQueries } from './api.js';
import { filtersSummary, templateSeverity } from './ruleSpec.js';

const COLUMNS: ColumnDef<IncidentRuleRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => <span className="font-medium text-zinc-900">{row.original.name}</span>,
  },
  {
    id: 'filters',
    header: 'Filters',
    enableSorting: false,
    cell: ({ row }) => {
      const summary = filtersSummary(row.original.spec);
      return (
        <span className="block max-w-md truncate text-xs text-zinc-600" title={summary}>
          {summary || <span className="text-zinc-400">all checks</span>}
        </span>
      );
    },
  },
  {
    id: 'severity',
    header: 'Severity',
    enableSorting: false,
    cell: ({ row }) => {
      const severity = templateSeverity(row.original.spec);
      return severity ? <SeverityBadge severity={severity} /> : null;
    },
  },
  {
    id: 'source',
    header: 'Source',
    cell: ({ row }) => <span className="text-xs text-zinc-600">{row.original.source ?? 'UI'}</span>,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
  },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    cell: ({ row }) => {
      const who = row.original.created_by;
      return who ? (
        <span className="flex items-center gap-1.5 text-xs text-zinc-700">
          <Avatar user={who} size="xs" />
          {who.name}
        </span>
      ) : null;
    },
  },
];

/** /settings/incident_rules: every rule with what it watches and the severity it opens incidents with. */
export function IncidentRulesList() {
  const session = useSession();
  const navigate = useNavigate();
  const table = useTableUrlState({ defaultSort: { sortBy: 'name', sortOrder: 'asc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(ruleQueries.list({ pageIndex, pageSize, sortBy, sortOrder }));
  const columns = useMemo(() => COLUMNS, []);

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {session.can('incident', 'create') && (
        <TopBarExtra>
          <Link to="/settings/incident_rules/new" className={buttonClass('primary', 'sm')}>
            <Plus aria-hidden className="h-4 w-4" />
            Add incident rule
          </Link>
        </TopBarExtra>
      )}
      <DataTable<IncidentRuleRow>
        label="Incident rules"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/settings/incident_rules/${r.id}`)}
        {...serverTableProps(table, list)}
      />
    </div>
  );
}
