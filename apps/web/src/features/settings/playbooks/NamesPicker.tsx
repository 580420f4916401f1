import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { lookupQuery } from '../permissions/lookups.js';

/**
 * Approvers picked by name: teams by their name, people by their email (how approvals match
 * them). A search narrows the list; chosen ones stay listed, including names no row has (yet).
 */
export function NamesPicker({
  kind,
  id,
  value,
  readOnly,
  onChange,
}: {
  kind: 'Team' | 'Person';
  id: string;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text), 100);
    return () => clearTimeout(t);
  }, [text]);
  const choices = useQuery(lookupQuery(kind, debounced));
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const names = (choices.data ?? [])
    .map((c) => ({ name: kind === 'Team' ? c.label : (c.detail ?? ''), label: c.label }))
    .filter((c) => c.name);
  for (const name of chosen) if (!names.some((n) => n.name === name)) names.unshift({ name, label: name });
  const toggle = (name: string) => {
    const next = chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name];
    onChange(next.length ? next : undefined);
  };
  const noun = kind === 'Team' ? 'teams' : 'people';
  return (
    <div id={id} className="flex flex-col gap-1">
      {!readOnly && (
        <input
          type="search"
          aria-label={`Search ${noun}`}
          className="w-full rounded-md border border-zinc-300 px-2 py-1 text-xs"
          placeholder={`Search ${noun}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <fieldset aria-label={`Approving ${noun}`} className="flex max-h-36 flex-col gap-0.5 overflow-auto">
        {names.length === 0 && (
          <p className="text-xs text-zinc-500">{choices.isFetching ? 'Loading…' : `No ${noun}`}</p>
        )}
        {names.map((n) => (
          <label key={n.name} className="flex items-center gap-1.5 text-xs text-zinc-700">
            <input
              type="checkbox"
              checked={chosen.includes(n.name)}
              disabled={readOnly}
              onChange={() => toggle(n.name)}
            />
            {n.label}
            {n.label !== n.name && <span className="text-zinc-500">({n.name})</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
