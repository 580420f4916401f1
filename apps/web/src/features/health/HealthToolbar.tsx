import { Grid3x3, LayoutGrid, SlidersHorizontal, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../../ui/cx.js';
import { FILTERS_PANEL_ID } from './HealthFilters.js';
import type { LabelOption } from './labels.js';
import { PIVOT_BY, PIVOT_CELL_TYPES, type PivotBy, type PivotCellType } from './pivot.js';
import { SearchHint } from './SearchHint.js';
import type { HealthParams, HealthParamsPatch } from './useHealthParams.js';
import { REFRESH_INTERVALS, TIME_RANGES } from './utils.js';

const SEARCH_DEBOUNCE_MS = 400;
const select = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-800';

const GROUP_BY: ReadonlyArray<readonly [string, string]> = [
  ['no-group', 'No Grouping'],
  ['canary_name', 'Canary'],
  ['name', 'Name'],
  ['description', 'Description'],
  ['type', 'Type'],
];
const TAB_BY: ReadonlyArray<readonly [string, string]> = [
  ['namespace', 'Namespace'],
  ['agent', 'Agent'],
];
const labelOptionsOf = (keys: LabelOption[]) => keys.map((l) => [l.key, l.key] as const);

/** A labelled select of the toolbar; options are [value, text] pairs. */
function ToolbarSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <label className="flex items-center gap-1 text-sm whitespace-nowrap text-zinc-600">
      {label}
      <select className={select} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

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
  filtersOpen,
  onToggleFilters,
}: {
  params: HealthParams;
  update: (p: HealthParamsPatch) => void;
  labelKeys: LabelOption[];
  filtersOpen: boolean;
  onToggleFilters: () => void;
}) {
  const [text, setText] = useState(params.query);
  useEffect(() => setText(params.query), [params.query]);
  useEffect(() => {
    if (text === params.query) return;
    const t = setTimeout(() => update({ query: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, params.query, update]);

  const current: View = params.pivotBy ? 'pivot' : params.layout;
  const activeFilters = Object.keys(params.labels).length + (params.hidePassing ? 1 : 0);

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2">
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls={FILTERS_PANEL_ID}
        onClick={onToggleFilters}
        className="flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 px-2 text-sm text-zinc-700 hover:bg-zinc-50 lg:hidden"
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        Filters
        {activeFilters > 0 && (
          <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-medium text-indigo-700">{activeFilters}</span>
        )}
      </button>
      <div className="flex w-full items-center sm:w-auto">
        <input
          type="search"
          aria-label="Search checks"
          placeholder="Search by name, description, or endpoint"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-8 min-w-0 flex-1 rounded-md border border-zinc-300 px-2 text-sm sm:w-80 sm:flex-none"
        />
        <SearchHint onPick={setText} />
      </div>
      <ToolbarSelect
        label="Group By"
        value={params.groupBy}
        onChange={(groupBy) => update({ groupBy })}
        options={[...GROUP_BY, ...labelOptionsOf(labelKeys)]}
      />
      <ToolbarSelect
        label="Tab By"
        value={params.tabBy}
        onChange={(tabBy) => update({ tabBy, tab: null })}
        options={[...TAB_BY, ...labelOptionsOf(labelKeys)]}
      />
      {params.pivotBy && <PivotControls params={params} update={update} labelKeys={labelKeys} />}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <ToolbarSelect
          label="Range"
          value={params.timeRange}
          onChange={(timeRange) => update({ timeRange })}
          options={TIME_RANGES.map(([r]) => [r, r])}
        />
        <ToolbarSelect
          label="Refresh"
          value={params.refresh}
          onChange={(refresh) => update({ refresh })}
          options={REFRESH_INTERVALS.map(([r]) => [r, r || 'None'])}
        />
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
      <ToolbarSelect
        label="Pivot By"
        value={params.pivotBy ?? 'type'}
        onChange={(value) => {
          const pivotBy = value as PivotBy;
          const pivotLabel = pivotBy === 'label' ? params.pivotLabel || labelKeys[0]?.key : null;
          update({ pivotBy, pivotLabel });
        }}
        options={PIVOT_BY}
      />
      {params.pivotBy === 'label' && (
        <ToolbarSelect
          label="Pivot Label"
          value={params.pivotLabel}
          onChange={(pivotLabel) => update({ pivotLabel })}
          options={[
            ...(labelKeys.some((l) => l.key === params.pivotLabel)
              ? []
              : ([[params.pivotLabel, '(choose)']] as Array<[string, string]>)),
            ...labelOptionsOf(labelKeys),
          ]}
        />
      )}
      <ToolbarSelect
        label="Cells"
        value={params.pivotCellType}
        onChange={(value) => {
          const cellType = value as PivotCellType;
          update({ pivotCellType: cellType === 'status' ? null : cellType });
        }}
        options={PIVOT_CELL_TYPES}
      />
    </>
  );
}
