import { useQuery } from '@tanstack/react-query';
import { directoryQueries } from '../api.js';
import { inputClass } from './Field.js';

/** A select of people from the directory; '' means nobody. */
export function PersonSelect({
  id,
  value,
  onChange,
  disabled,
  emptyLabel = 'Unassigned',
}: {
  id: string;
  value: string | null;
  onChange: (personId: string | null) => void;
  disabled?: boolean;
  emptyLabel?: string;
}) {
  const people = useQuery(directoryQueries.people());
  return (
    <select
      id={id}
      className={inputClass}
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">{emptyLabel}</option>
      {(people.data ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
