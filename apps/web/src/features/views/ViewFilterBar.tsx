import type { ViewResult } from '@opsdeck/schema/view';
import { useId } from 'react';
import { columnTitle } from './format.js';

/**
 * Selects for a view's variables and its multiselect column filters. Values come from and go to
 * the caller (the page keeps them in the URL).
 */
export function ViewFilterBar({
  view,
  variables,
  filters,
  onVariable,
  onFilter,
}: {
  view: ViewResult;
  variables: Record<string, string>;
  filters: Record<string, string>;
  onVariable: (key: string, value: string) => void;
  onFilter?: (column: string, value: string) => void;
}) {
  const id = useId();
  const columnFilters = Object.entries(view.columnOptions ?? {});
  if (!view.variables.length && (!onFilter || !columnFilters.length)) return null;
  const select = 'rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm';
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filters</legend>
      {view.variables.map((v) => (
        <label key={v.key} htmlFor={`${id}-${v.key}`} className="flex flex-col gap-0.5 text-xs text-zinc-500">
          {v.label}
          <select
            id={`${id}-${v.key}`}
            className={select}
            value={variables[v.key] ?? v.value ?? ''}
            onChange={(e) => onVariable(v.key, e.target.value)}
          >
            {v.optionItems.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {onFilter &&
        columnFilters.map(([column, { list }]) => (
          <label key={column} htmlFor={`${id}-f-${column}`} className="flex flex-col gap-0.5 text-xs text-zinc-500">
            {columnTitle(column)}
            <select
              id={`${id}-f-${column}`}
              className={select}
              value={filters[column] ?? ''}
              onChange={(e) => onFilter(column, e.target.value)}
            >
              <option value="">All</option>
              {list.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        ))}
    </fieldset>
  );
}
