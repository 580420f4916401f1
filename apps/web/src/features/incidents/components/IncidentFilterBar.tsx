import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@opsdeck/schema';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { cx } from '../../../ui/cx.js';
import { directoryQueries, type IncidentFilters } from '../api.js';
import { humanize } from '../utils/labels.js';

const selectClass =
  'h-7 rounded-md border-0 bg-white py-0 pr-7 pl-2 text-xs text-zinc-800 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-500';

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <span className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-zinc-500">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className={cx(selectClass, value && 'ring-indigo-400 bg-indigo-50/50')}
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: humanize(v) }));

/** Status, severity, type and owner filters of the incidents list. */
export function IncidentFilterBar({
  filters,
  onChange,
}: {
  filters: IncidentFilters;
  onChange: (patch: Partial<IncidentFilters>) => void;
}) {
  const people = useQuery(directoryQueries.people());
  return (
    <search aria-label="Incident filters" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <FilterSelect
        label="Status"
        value={filters.status}
        options={asOptions(INCIDENT_STATUSES)}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Severity"
        value={filters.severity}
        options={asOptions(INCIDENT_SEVERITIES)}
        onChange={(severity) => onChange({ severity })}
      />
      <FilterSelect
        label="Type"
        value={filters.type}
        options={asOptions(INCIDENT_TYPES)}
        onChange={(type) => onChange({ type })}
      />
      <FilterSelect
        label="Owner"
        value={filters.owner}
        options={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(owner) => onChange({ owner })}
      />
    </search>
  );
}
