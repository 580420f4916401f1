import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RESOURCE_KINDS, SEND_STATUSES, statusLabel } from '../utils/statuses.js';

export interface HistoryFilterValues {
  search: string;
  status: string;
  resourceType: string;
  includeDeleted: boolean;
}

const control =
  'h-8 rounded-md bg-white px-2 text-sm text-zinc-800 ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-indigo-500 focus:outline-none';

/** Search, status, resource type and "include deleted" above the send history. */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilterValues;
  onChange: (patch: Partial<HistoryFilterValues>) => void;
}) {
  // the search box applies after a short pause, not on every key
  const [search, setSearch] = useState(value.search);
  useEffect(() => setSearch(value.search), [value.search]);
  useEffect(() => {
    if (search === value.search) return;
    const t = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(t);
  }, [search, value.search, onChange]);

  return (
    <form aria-label="Filters" className="flex flex-wrap items-center gap-2" onSubmit={(e) => e.preventDefault()}>
      <label className="relative">
        <span className="sr-only">Search</span>
        <Search aria-hidden className="pointer-events-none absolute top-2 left-2 h-4 w-4 text-zinc-400" />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onChange({ search })}
          placeholder="Search resource, rule, event, error"
          className={`${control} w-72 pl-7`}
        />
      </label>
      <label className="flex items-center gap-1.5 text-sm text-zinc-600">
        Status
        <select className={control} value={value.status} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">All</option>
          {SEND_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-sm text-zinc-600">
        Resource type
        <select
          className={control}
          value={value.resourceType}
          onChange={(e) => onChange({ resourceType: e.target.value })}
        >
          <option value="">All</option>
          {RESOURCE_KINDS.map((k) => (
            <option key={k} value={k}>
              {k[0]?.toUpperCase()}
              {k.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-sm text-zinc-600">
        <input
          type="checkbox"
          checked={value.includeDeleted}
          onChange={(e) => onChange({ includeDeleted: e.target.checked })}
          className="h-4 w-4 rounded border-zinc-300 text-indigo-600"
        />
        Include deleted resources
      </label>
    </form>
  );
}
