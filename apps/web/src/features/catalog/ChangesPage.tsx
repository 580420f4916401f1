import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../ui/DataTable.js';
import { DateTime } from '../../ui/DateTime.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { useTableUrlState } from '../../ui/useTableUrlState.js';
import { keyValueId, splitKeyValue } from '../../utils/catalogFilters.js';
import { decodeTriStateFilter, encodeTriStateFilter, type TriStateFilter } from '../../utils/triStateFilter.js';
import { catalogQueries } from './api.js';
import { CatalogNav } from './CatalogNav.js';
import { ChangeModal } from './ChangeModal.js';
import { SeverityBadge, TagList } from './HealthBadge.js';
import { TriStateMenu } from './TriStateMenu.js';
import type { ChangeRow } from './types.js';

const RANGES = ['1h', '6h', '1d', '2d', '7d', '30d'];
const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];

/** `{a: 1, b: -1}` -> `a,!b` (the changes call's list form). */
const asList = (f: TriStateFilter) =>
  Object.entries(f)
    .map(([v, s]) => (s === -1 ? `!${v}` : v))
    .join(',') || undefined;

const columns: ColumnDef<ChangeRow, unknown>[] = [
  { id: 'created_at', header: 'Last Seen', cell: ({ row }) => <DateTime date={row.original.created_at} /> },
  {
    id: 'name',
    header: 'Catalog',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <TypeIcon type={row.original.type} />
        <span className="flex flex-col">
          <Link
            to={`/catalog/${row.original.config_id}`}
            onClick={(e) => e.stopPropagation()}
            className="font-medium text-zinc-900 hover:underline"
          >
            {row.original.name ?? row.original.config_id}
          </Link>
          <span className="text-xs text-zinc-500">{row.original.type}</span>
        </span>
      </span>
    ),
  },
  { id: 'change_type', header: 'Type', cell: ({ row }) => row.original.change_type },
  {
    id: 'summary',
    header: 'Summary',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <SeverityBadge severity={row.original.severity} />
        <span className="line-clamp-2">{row.original.summary}</span>
        {row.original.count > 1 && <span className="text-xs text-zinc-500">x{row.original.count}</span>}
      </span>
    ),
  },
  { id: 'tags', header: 'Tags', enableSorting: false, cell: ({ row }) => <TagList tags={row.original.tags} max={2} /> },
  {
    id: 'external_created_by',
    header: 'Created By',
    cell: ({ row }) => row.original.external_created_by ?? row.original.source ?? '',
  },
];

/** /catalog/changes: every change across the catalog with its filters; a row opens its diff. */
export function CatalogChangesPage() {
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const [open, setOpen] = useState<string | null>(null);
  const set = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('pageIndex');
        return next;
      },
      { replace: true },
    );
  const tri = (key: string) => decodeTriStateFilter(params.get(key));
  const range = params.get('range') ?? '2d';
  const configTypes = tri('configType');
  const changeTypes = tri('changeType');
  const severity = tri('severity');
  const tags = tri('tags');
  const showDeleted = params.get('showDeleted') === 'true';
  const body = {
    config_type: asList(configTypes),
    type: asList(changeTypes),
    severity: asList(severity),
    tags:
      Object.entries(tags)
        .map(([id, s]) => {
          const [k, v] = splitKeyValue(id);
          return `${k}${s === -1 ? '!=' : '='}${v}`;
        })
        .join(',') || undefined,
    from: `now-${range}`,
    include_deleted_configs: showDeleted,
    page: table.pageIndex + 1,
    page_size: table.pageSize,
    sort_by: `${table.sortOrder === 'desc' ? '-' : ''}${table.sortBy ?? 'created_at'}`,
  };
  const page = useQuery(catalogQueries.changes(body));
  const types = useQuery(catalogQueries.options('config_types', 'type'));
  const changeTypeOptions = useQuery(catalogQueries.options('change_types', 'change_type'));
  const tagValues = useQuery(catalogQueries.keyValues('config_tags'));
  const tagOptions = useMemo(
    () => (tagValues.data ?? []).map((r) => ({ id: keyValueId(r.key, r.value), label: `${r.key}: ${r.value}` })),
    [tagValues.data],
  );
  const opts = (values: string[] | undefined) => (values ?? []).map((v) => ({ id: v, label: v }));

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <CatalogNav />
      <section aria-label="Change filters" className="flex flex-wrap items-center gap-2">
        <TriStateMenu
          label="Config type"
          options={opts(types.data)}
          value={configTypes}
          onChange={(v) => set('configType', encodeTriStateFilter(v))}
        />
        <TriStateMenu
          label="Change type"
          options={opts(changeTypeOptions.data)}
          value={changeTypes}
          onChange={(v) => set('changeType', encodeTriStateFilter(v))}
        />
        <TriStateMenu
          label="Severity"
          options={opts(SEVERITIES)}
          value={severity}
          onChange={(v) => set('severity', encodeTriStateFilter(v))}
        />
        <TriStateMenu
          label="Tags"
          options={tagOptions}
          value={tags}
          onChange={(v) => set('tags', encodeTriStateFilter(v))}
        />
        <select
          aria-label="Time range"
          value={range}
          onChange={(e) => set('range', e.target.value)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
        >
          {RANGES.map((r) => (
            <option key={r} value={r}>
              Last {r}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1.5 text-sm text-zinc-700">
          <input
            type="checkbox"
            checked={showDeleted}
            onChange={(e) => set('showDeleted', e.target.checked ? 'true' : undefined)}
          />
          Show deleted
        </label>
        {page.data && (
          <span className="ml-auto flex flex-wrap gap-1 text-xs text-zinc-600" title="Changes by type">
            {Object.entries(page.data.summary).map(([t, n]) => (
              <span key={t} className="rounded bg-zinc-100 px-1.5 py-0.5">
                {t}: {n}
              </span>
            ))}
          </span>
        )}
      </section>
      <DataTable
        label="Config changes"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => setOpen(r.id)}
        data={page.data?.changes ?? []}
        total={page.data?.total ?? 0}
        isLoading={page.isFetching}
        error={page.error}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
        sort={{ sortBy: table.sortBy, sortOrder: table.sortOrder }}
        onSortChange={table.setSort}
      />
      <ChangeModal changeId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
