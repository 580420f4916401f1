import { LayoutGrid, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../../ui/cx.js';
import type { HealthParams, HealthParamsPatch } from './useHealthParams.js';
import { type LabelOption, REFRESH_INTERVALS, TIME_RANGES } from './utils.js';

const SEARCH_DEBOUNCE_MS = 400;
const select = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-800';

/** Search (400 ms debounce), Group By, Tab By, time range, refresh interval and layout. */
export function HealthToolbar({
  params,
  update,
  labelKeys,
}: {
  params: HealthParams;
  update: (p: HealthParamsPatch) => void;
  labelKeys: LabelOption[];
}) {
  const [text, setText] = useState(params.query);
  useEffect(() => setText(params.query), [params.query]);
  useEffect(() => {
    if (text === params.query) return;
    const t = setTimeout(() => update({ query: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, params.query, update]);

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2">
      <input
        type="search"
        aria-label="Search checks"
        placeholder="Search by name, description, or endpoint"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-8 w-80 rounded-md border border-zinc-300 px-2 text-sm"
      />
      <label className="flex items-center gap-1 text-sm text-zinc-600">
        Group By
        <select className={select} value={params.groupBy} onChange={(e) => update({ groupBy: e.target.value })}>
          <option value="no-group">No Grouping</option>
          <option value="canary_name">Canary</option>
          <option value="name">Name</option>
          <option value="description">Description</option>
          <option value="type">Type</option>
          {labelKeys.map((l) => (
            <option key={l.key} value={l.key}>
              {l.key}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm text-zinc-600">
        Tab By
        <select className={select} value={params.tabBy} onChange={(e) => update({ tabBy: e.target.value, tab: null })}>
          <option value="namespace">Namespace</option>
          <option value="agent">Agent</option>
          {labelKeys.map((l) => (
            <option key={l.key} value={l.key}>
              {l.key}
            </option>
          ))}
        </select>
      </label>
      <div className="ml-auto flex items-center gap-2">
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Range
          <select className={select} value={params.timeRange} onChange={(e) => update({ timeRange: e.target.value })}>
            {TIME_RANGES.map(([r]) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Refresh
          <select className={select} value={params.refresh} onChange={(e) => update({ refresh: e.target.value })}>
            {REFRESH_INTERVALS.map(([r]) => (
              <option key={r} value={r}>
                {r || 'None'}
              </option>
            ))}
          </select>
        </label>
        <fieldset aria-label="Layout" className="flex rounded-md ring-1 ring-zinc-300">
          {(['table', 'card'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={params.layout === l}
              aria-label={l === 'table' ? 'Table layout' : 'Card layout'}
              onClick={() => update({ layout: l === 'table' ? null : 'card' })}
              className={cx('px-2 py-1.5', params.layout === l ? 'bg-indigo-50 text-indigo-700' : 'text-zinc-500')}
            >
              {l === 'table' ? <Table2 className="h-4 w-4" /> : <LayoutGrid className="h-4 w-4" />}
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
