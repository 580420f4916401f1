import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Age } from '../../ui/Age.js';
import { DataTable } from '../../ui/DataTable.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { serverTableProps, useTableUrlState } from '../../ui/useTableUrlState.js';
import { keyValueId } from '../../utils/catalogFilters.js';
import { AgentBadge } from '../settings/agents/AgentBadge.js';
import { catalogQueries } from './api.js';
import { CatalogGetStarted } from './CatalogGetStarted.js';
import { CatalogNav } from './CatalogNav.js';
import { CatalogSummary } from './CatalogSummary.js';
import { HealthDot, TagList } from './HealthBadge.js';
import { TriStateMenu } from './TriStateMenu.js';
import type { ConfigRow } from './types.js';
import { useCatalogFilters } from './useCatalogFilters.js';

const HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'];

const kv = (rows: Array<{ key: string; value: string }> | undefined) =>
  (rows ?? []).map((r) => ({ id: keyValueId(r.key, r.value), label: `${r.key}: ${r.value}` }));

const columns: ColumnDef<ConfigRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <HealthDot health={row.original.health} />
        <TypeIcon type={row.original.type} />
        <Link
          to={`/catalog/${row.original.id}`}
          className="font-medium text-zinc-900 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.name ?? row.original.id}
        </Link>
        <AgentBadge agentId={row.original.agent_id} />
        {row.original.deleted_at && <span className="rounded bg-zinc-200 px-1 text-xs text-zinc-700">deleted</span>}
      </span>
    ),
  },
  { id: 'type', header: 'Type', cell: ({ row }) => <span className="text-zinc-700">{row.original.type}</span> },
  { id: 'status', header: 'Status', cell: ({ row }) => row.original.status ?? '' },
  { id: 'tags', header: 'Tags', enableSorting: false, cell: ({ row }) => <TagList tags={row.original.tags} max={3} /> },
  { id: 'changes', header: 'Changes', cell: ({ row }) => row.original.changes || '' },
  {
    id: 'analysis',
    header: 'Insights',
    enableSorting: false,
    cell: ({ row }) => Object.values(row.original.analysis ?? {}).reduce((n, v) => n + v, 0) || '',
  },
  { id: 'created_at', header: 'Created', cell: ({ row }) => <Age date={row.original.created_at} suffix=" ago" /> },
  { id: 'updated_at', header: 'Updated', cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" /> },
];

/** /catalog: the summary by class and type, and the filtered, server-paged list of config items. */
export function CatalogPage() {
  const navigate = useNavigate();
  const { filters, setType, setTriState, setSearch, setShowDeleted } = useCatalogFilters();
  const table = useTableUrlState({ defaultSort: { sortBy: 'type', sortOrder: 'asc' } });
  const summary = useQuery(catalogQueries.summary(filters));
  const page = useQuery(
    catalogQueries.list(filters, {
      pageIndex: table.pageIndex,
      pageSize: table.pageSize,
      sortBy: table.sortBy,
      sortOrder: table.sortOrder,
    }),
  );
  const types = useQuery(catalogQueries.options('config_types', 'type'));
  const statuses = useQuery(catalogQueries.options('config_statuses', 'status'));
  const labels = useQuery(catalogQueries.keyValues('config_labels'));
  const tags = useQuery(catalogQueries.keyValues('config_tags'));
  const labelOptions = useMemo(() => kv(labels.data), [labels.data]);
  const tagOptions = useMemo(() => kv(tags.data), [tags.data]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <CatalogNav />
      <CatalogSummary summary={summary} selectedType={filters.configType} onType={setType} />
      {types.data?.length === 0 && <CatalogGetStarted />}
      <section aria-label="Catalog filters" className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Type"
          value={filters.configType ?? ''}
          onChange={(e) => setType(e.target.value || undefined)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
        >
          <option value="">All types</option>
          {(types.data ?? []).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <TriStateMenu
          label="Health"
          options={HEALTH.map((h) => ({ id: h, label: h }))}
          value={filters.health ?? {}}
          onChange={(v) => setTriState('health', v)}
        />
        <TriStateMenu
          label="Status"
          options={(statuses.data ?? []).map((s) => ({ id: s, label: s }))}
          value={filters.status ?? {}}
          onChange={(v) => setTriState('status', v)}
        />
        <TriStateMenu
          label="Labels"
          options={labelOptions}
          value={filters.labels ?? {}}
          onChange={(v) => setTriState('labels', v)}
        />
        <TriStateMenu
          label="Tags"
          options={tagOptions}
          value={filters.tags ?? {}}
          onChange={(v) => setTriState('tags', v)}
        />
        <input
          type="search"
          aria-label="Search"
          placeholder="Search name, type, namespace"
          defaultValue={filters.search}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setSearch(e.currentTarget.value);
          }}
          onBlur={(e) => setSearch(e.currentTarget.value)}
          className="h-8 w-64 rounded-md border border-zinc-300 px-2 text-sm"
        />
        <label className="flex items-center gap-1.5 text-sm text-zinc-700">
          <input
            type="checkbox"
            checked={filters.showDeleted ?? false}
            onChange={(e) => setShowDeleted(e.target.checked)}
          />
          Show deleted
        </label>
      </section>
      <DataTable
        label="Config items"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/catalog/${r.id}`)}
        {...serverTableProps(table, page)}
      />
    </div>
  );
}
