import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/errors.js';
import { inputClass } from '../../../ui/forms/FormField.js';
import { type LOOKUPS, lookupQuery } from './lookups.js';

/**
 * Picks one team, person, notification, catalog item, component, connection or playbook: a
 * search box (100 ms debounce) above a list of matches. Where the table is not served yet
 * (components, playbooks before their domains land) it takes the id as text.
 */
export function EntityPicker({
  kind,
  id,
  describedBy,
  invalid,
  value,
  onChange,
}: {
  kind: keyof typeof LOOKUPS;
  id: string;
  describedBy?: string;
  invalid: boolean;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text), 100);
    return () => clearTimeout(t);
  }, [text]);
  const choices = useQuery(lookupQuery(kind, debounced, value));
  const missing = choices.error instanceof ApiError && choices.error.status === 404;
  const label = kind.toLowerCase();

  if (missing)
    return (
      <input
        id={id}
        className={inputClass}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={`${kind} id`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    );
  return (
    <div className="flex flex-col gap-1">
      <input
        type="search"
        aria-label={`Search ${label}`}
        className={inputClass}
        placeholder="Start typing to search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <select
        id={id}
        className={inputClass}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {choices.isFetching ? 'Loading…' : choices.data?.length ? `Select a ${label}` : 'No options found'}
        </option>
        {choices.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.detail ? `${c.label} (${c.detail})` : c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
