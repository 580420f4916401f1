import { useQuery } from '@tanstack/react-query';
import { cx } from '../../../ui/cx.js';
import { inputClass } from '../../../ui/forms/FormField.js';
import { encodeTriStateFilter, type TriState } from '../../../utils/triStateFilter.js';
import { jobQueries } from './api.js';
import { JOB_DURATIONS, JOB_RANGES, JOB_RESOURCE_TYPES, JOB_STATUSES, type JobFilters } from './jobFilters.js';

// the settings input look, sized to its content in a row of filters
const control = inputClass.replace('w-full ', '');

const NEXT: Record<TriState, TriState> = { 0: 1, 1: -1, [-1]: 0 } as Record<TriState, TriState>;
const STATE_TEXT: Record<TriState, string> = { 0: 'any', 1: 'include', [-1]: 'exclude' } as Record<TriState, string>;

/**
 * Job Name, Resource Type, Status (each status cycles any → include → exclude), Duration and the
 * time range. Every change goes to the URL; the table goes back to its first page.
 */
export function JobFilterBar({
  filters,
  onChange,
}: {
  filters: JobFilters;
  onChange: (patch: Record<string, string | undefined>) => void;
}) {
  const names = useQuery(jobQueries.names());
  const select = 'h-8 w-auto min-w-40 py-1';
  return (
    <fieldset aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <select
        aria-label="Job Name"
        className={cx(control, select)}
        value={filters.name}
        onChange={(e) => onChange({ name: e.target.value || undefined })}
      >
        <option value="">All jobs</option>
        {(names.data ?? []).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <select
        aria-label="Resource Type"
        className={cx(control, select)}
        value={filters.resourceType}
        onChange={(e) => onChange({ resourceType: e.target.value || undefined })}
      >
        <option value="">All resource types</option>
        {JOB_RESOURCE_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <fieldset className="flex items-center gap-1 rounded-md border border-zinc-300 px-2 py-1">
        <legend className="sr-only">Status</legend>
        <span className="text-xs text-zinc-500">Status</span>
        {JOB_STATUSES.map((s) => {
          const state = (filters.status[s] ?? 0) as TriState;
          return (
            <button
              key={s}
              type="button"
              aria-label={`Status ${s}: ${STATE_TEXT[state]}`}
              onClick={() => onChange({ status: encodeTriStateFilter({ ...filters.status, [s]: NEXT[state] }) })}
              className={cx(
                'rounded px-1.5 py-0.5 text-xs font-medium',
                state === 1 && 'bg-blue-100 text-blue-800',
                state === -1 && 'bg-zinc-200 text-zinc-500 line-through',
                state === 0 && 'text-zinc-700 hover:bg-zinc-100',
              )}
            >
              {s}
            </button>
          );
        })}
      </fieldset>
      <select
        aria-label="Duration"
        className={cx(control, select)}
        value={filters.duration}
        onChange={(e) => onChange({ duration: e.target.value || undefined })}
      >
        {JOB_DURATIONS.map((d) => (
          <option key={d.value} value={d.value}>
            {d.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Time range"
        className={cx(control, select)}
        value={filters.range}
        onChange={(e) => onChange({ range: e.target.value })}
      >
        {JOB_RANGES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
        {!JOB_RANGES.some((r) => r.value === filters.range) && <option value={filters.range}>{filters.range}</option>}
      </select>
    </fieldset>
  );
}
