import { ChevronDown, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../ui/cx.js';
import { usePopover } from '../../ui/usePopover.js';
import { type TriState, type TriStateFilter, toggleTriState, withTriState } from '../../utils/triStateFilter.js';

export interface TriStateOption {
  id: string;
  label: string;
}

/**
 * A filter button with a popover of tri-state items: + includes, -
 * excludes, clicking the active state again resets it. Long lists get a search box.
 */
export function TriStateMenu({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: TriStateOption[];
  value: TriStateFilter;
  onChange: (next: TriStateFilter) => void;
}) {
  const { open, setOpen, root, button, id } = usePopover();
  const [filter, setFilter] = useState('');
  const chosen = Object.keys(value).length;
  const shown = options.filter((o) => o.label.toLowerCase().includes(filter.toLowerCase())).slice(0, 200);
  const set = (option: string, clicked: 1 | -1) =>
    onChange(withTriState(value, option, toggleTriState((value[option] ?? 0) as TriState, clicked)));
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className={cx(
          'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm ring-1 ring-inset',
          chosen ? 'bg-indigo-50 text-indigo-800 ring-indigo-200' : 'bg-white text-zinc-700 ring-zinc-300',
        )}
      >
        {label}
        {chosen > 0 && <span className="rounded bg-indigo-600 px-1 text-xs text-white">{chosen}</span>}
        <ChevronDown aria-hidden className="h-3.5 w-3.5" />
      </button>
      {open && (
        <fieldset
          id={id}
          aria-label={label}
          className="absolute left-0 z-30 mt-1 flex max-h-80 w-72 flex-col gap-1 overflow-auto rounded-md bg-white p-2 shadow-lg ring-1 ring-zinc-200"
        >
          {options.length > 8 && (
            <input
              aria-label={`Search ${label}`}
              placeholder="Search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="mb-1 h-7 rounded border border-zinc-300 px-2 text-xs"
            />
          )}
          {shown.length === 0 && <p className="px-1 text-xs text-zinc-500">No values</p>}
          {shown.map((o) => {
            const state = value[o.id] ?? 0;
            return (
              <div
                key={o.id}
                data-state={state}
                className={cx(
                  'flex items-center gap-1 rounded px-1 text-xs',
                  state === 1 && 'bg-emerald-50 text-emerald-800',
                  state === -1 && 'bg-red-50 text-red-800 line-through',
                )}
              >
                <span className="min-w-0 flex-1 truncate" title={o.label}>
                  {o.label}
                </span>
                <button
                  type="button"
                  aria-label={`Include ${o.label}`}
                  aria-pressed={state === 1}
                  onClick={() => set(o.id, 1)}
                  className="rounded p-0.5 hover:bg-zinc-200"
                >
                  <Plus className="h-3 w-3" />
                </button>
                <button
                  type="button"
                  aria-label={`Exclude ${o.label}`}
                  aria-pressed={state === -1}
                  onClick={() => set(o.id, -1)}
                  className="rounded p-0.5 hover:bg-zinc-200"
                >
                  <Minus className="h-3 w-3" />
                </button>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
