import type { ResourceSelector } from '@opsdeck/schema';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../ui/Button.js';
import { inputClass } from '../../../ui/forms/FormField.js';

/** What a window can silence, by its key in the window's spec. */
export const SCOPES = [
  { key: 'checks', label: 'Health checks' },
  { key: 'components', label: 'Components' },
  { key: 'configs', label: 'Config items' },
] as const;
export type ScopeKey = (typeof SCOPES)[number]['key'];

type Selector = ResourceSelector & Record<string, unknown>;

const FIELDS = [
  { key: 'name', label: 'Name', placeholder: 'checkout-api' },
  { key: 'namespace', label: 'Namespace', placeholder: 'default' },
  { key: 'labelSelector', label: 'Labels', placeholder: 'team=payments' },
  { key: 'types', label: 'Types', placeholder: 'http, Kubernetes::Pod' },
] as const;

/** A copy of a selector with one field set (types from a comma list), emptied fields removed; other keys (id) kept. */
export function setSelectorField(s: Selector, key: (typeof FIELDS)[number]['key'], text: string): Selector {
  const next: Selector = { ...s };
  if (key === 'types') {
    const types = text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (types.length) next.types = types;
    else delete next.types;
  } else if (text) next[key] = text;
  else delete next[key];
  return next;
}

/** The selectors of one scope of a window (which checks, components or config items it silences). */
export function ScopeInput({
  scope,
  label,
  value,
  readOnly,
  onChange,
}: {
  scope: ScopeKey;
  label: string;
  value: unknown;
  readOnly: boolean;
  onChange: (selectors: Selector[] | undefined) => void;
}) {
  const list: Selector[] = Array.isArray(value) ? (value as Selector[]) : [];
  const set = (i: number, s: Selector) => onChange(list.map((x, j) => (j === i ? s : x)));
  return (
    <fieldset aria-label={label} className="flex flex-col gap-1.5">
      <legend className="mb-1 text-xs font-medium text-zinc-700">{label}</legend>
      {list.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: selectors have no identity but their place
        <div key={i} className="flex items-center gap-2">
          {FIELDS.map((f) => (
            <input
              key={f.key}
              aria-label={`${label} ${i + 1} ${f.label.toLowerCase()}`}
              className={inputClass}
              placeholder={`${f.label}: ${f.placeholder}`}
              value={f.key === 'types' ? (s.types ?? []).join(', ') : String(s[f.key] ?? '')}
              readOnly={readOnly}
              onChange={(e) => set(i, setSelectorField(s, f.key, e.target.value))}
            />
          ))}
          {!readOnly && (
            <button
              type="button"
              aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
              className="rounded p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
              onClick={() => {
                const next = list.filter((_, j) => j !== i);
                onChange(next.length ? next : undefined);
              }}
            >
              <X className="h-4 w-4" />
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <div>
          <Button size="sm" icon={<Plus className="h-3.5 w-3.5" />} onClick={() => onChange([...list, {}])}>
            Add {scope === 'configs' ? 'config items' : label.toLowerCase()} selector
          </Button>
        </div>
      )}
    </fieldset>
  );
}
