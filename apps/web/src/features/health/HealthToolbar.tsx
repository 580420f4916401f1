import { Grid3x3, LayoutGrid, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../../ui/cx.js';
import { PIVOT_BY, PIVOT_CELL_TYPES, type PivotBy, type PivotCellType } from './pivot.js';
import { SearchHint } from './SearchHint.js';
import type { HealthParams, HealthParamsPatch } from './useHealthParams.js';
import { type LabelOption, REFRESH_INTERVALS, TIME_RANGES } from './utils.js';

const SEARCH_DEBOUNCE_MS = 400;
const select = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-800';

type View = 'table' | 'card' | 'pivot';
const VIEWS: Array<[View, string, typeof Table2]> = [
  ['table', 'Table layout', Table2],
  ['card', 'Card layout', LayoutGrid],
  ['pivot', 'Pivot layout', Grid3x3],
];

/**
 * Search (400 ms debounce) with its syntax hint, Group By, Tab By, the pivot's settings, time
 * range, refresh interval and the table, card or pivot view.
 */
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

  const current: View = params.pivotBy ? 'pivot' : params.layout;

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2">
      <div className="flex items-center">
        <input
          type="search"
          aria-label="Search checks"
          placeholder="Search by name, description, or endpoint"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-8 w-80 rounded-md border border-zinc-300 px-2 text-sm"
        />
        <SearchHint onPick={setText} />
      </div>
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
      {params.pivotBy && <PivotControls params={params} update={update} labelKeys={labelKeys} />}
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
          {VIEWS.map(([view, label, Icon]) => (
            <button
              key={view}
              type="button"
              aria-pressed={current === view}
              aria-label={label}
              title={label}
              onClick={() => update(viewPatch(view, params))}
              className={cx('px-2 py-1.5', current === view ? 'bg-indigo-50 text-indigo-700' : 'text-zinc-500')}
            >
              <Icon aria-hidden className="h-4 w-4" />
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}

/** What switching to a view changes in the URL; the pivot opens on Type unless one was chosen. */
function viewPatch(view: View, params: HealthParams): HealthParamsPatch {
  if (view === 'pivot') return { pivotBy: params.pivotBy ?? 'type' };
  return { layout: view === 'table' ? null : 'card', pivotBy: null, pivotLabel: null, pivotCellType: null };
}

/** Pivot By (with the label key when pivoting on a label) and what the cells show. */
function PivotControls({
  params,
  update,
  labelKeys,
}: {
  params: HealthParams;
  update: (p: HealthParamsPatch) => void;
  labelKeys: LabelOption[];
}) {
  return (
    <>
      <label className="flex items-center gap-1 text-sm text-zinc-600">
        Pivot By
        <select
          className={select}
          value={params.pivotBy ?? 'type'}
          onChange={(e) => {
            const pivotBy = e.target.value as PivotBy;
            const pivotLabel = pivotBy === 'label' ? params.pivotLabel || labelKeys[0]?.key : null;
            update({ pivotBy, pivotLabel });
          }}
        >
          {PIVOT_BY.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {params.pivotBy === 'label' && (
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Pivot Label
          <select className={select} value={params.pivotLabel} onChange={(e) => update({ pivotLabel: e.target.value })}>
            {!labelKeys.some((l) => l.key === params.pivotLabel) && <option value={params.pivotLabel}>(choose)</option>}
            {labelKeys.map((l) => (
              <option key={l.key} value={l.key}>
                {l.key}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex items-center gap-1 text-sm text-zinc-600">
        Cells
        <select
          className={select}
          value={params.pivotCellType}
          onChange={(e) => {
            const cellType = e.target.value as PivotCellType;
            update({ pivotCellType: cellType === 'status' ? null : cellType });
          }}
        >
          {PIVOT_CELL_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
