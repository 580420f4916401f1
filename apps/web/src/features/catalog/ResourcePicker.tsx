import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/Button.js';
import { type FoundResource, type PickerSelector, type ResourceKind, searchResourcesByName } from './resourceSearch.js';

/** What a kind is called in a picker. */
export const KIND_NOUN: Record<ResourceKind, { one: string; many: string }> = {
  configs: { one: 'config item', many: 'config items' },
  checks: { one: 'health check', many: 'health checks' },
  components: { one: 'component', many: 'components' },
};

/**
 * Finds resources of `kind` by name (within `within`, a playbook's selectors say) and hands the
 * chosen one back: a search box and the matches, each with a `pickLabel` button.
 */
export function ResourcePicker({
  kind,
  within = [],
  pickLabel = 'Select',
  busy = false,
  onPick,
}: {
  kind: ResourceKind;
  within?: PickerSelector[];
  pickLabel?: string;
  busy?: boolean;
  onPick: (resource: FoundResource) => void;
}) {
  const [text, setText] = useState('');
  const noun = KIND_NOUN[kind];
  const found = useQuery({
    queryKey: ['catalog', 'picker', kind, within, text],
    queryFn: ({ signal }) => searchResourcesByName(kind, text, within, signal),
  });
  return (
    <div className="flex flex-col gap-2">
      <input
        aria-label={`Search ${noun.many} by name`}
        placeholder={`Search ${noun.many} by name`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-8 rounded-md border border-zinc-300 px-2 text-sm"
      />
      <ul aria-label={`Matching ${noun.many}`} className="flex max-h-56 flex-col gap-1 overflow-auto">
        {(found.data ?? []).map((r) => (
          <li key={r.id} className="flex items-center gap-2 text-sm">
            <span className="min-w-0 flex-1 truncate">
              {r.name}{' '}
              <span className="text-xs text-zinc-500">{[r.namespace, r.type].filter(Boolean).join(' · ')}</span>
            </span>
            <Button size="sm" disabled={busy} aria-label={`${pickLabel} ${r.name}`} onClick={() => onPick(r)}>
              {pickLabel}
            </Button>
          </li>
        ))}
        {found.isLoading && <li className="text-sm text-zinc-500">Searching...</li>}
        {found.error && <li className="text-sm text-red-600">{(found.error as Error).message}</li>}
        {found.data && found.data.length === 0 && <li className="text-sm text-zinc-500">No {noun.many} found</li>}
      </ul>
    </div>
  );
}
