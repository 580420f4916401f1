import { Minus, Plus, X } from 'lucide-react';
import { memo, useState } from 'react';
import { cx } from '../../ui/cx.js';
import { type LabelOption, labelId } from './labels.js';

interface Props {
  /** Below wide screens the panel is collapsed until opened from the toolbar's Filters button. */
  open: boolean;
  onClose: () => void;
  hidePassing: boolean;
  onHidePassing: (v: boolean) => void;
  options: LabelOption[];
  labels: Record<string, 1 | -1>;
  onLabel: (id: string, state: 0 | 1 | -1) => void;
}

/** Element id of the panel, for the Filters button's aria-controls. */
export const FILTERS_PANEL_ID = 'health-filters';

/**
 * The left panel: Filter by Health (Hide Passing) and Filter by Label (tri-state values, boolean
 * toggles). Always shown on wide screens; below them ('collapsible below wide
 * screens') it stays folded until opened, beside the list on a tablet and over it on a phone.
 */
export const HealthFilters = memo(function HealthFilters({
  open,
  onClose,
  hidePassing,
  onHidePassing,
  options,
  labels,
  onLabel,
}: Props) {
  return (
    <>
      {open && <div aria-hidden className="fixed inset-0 z-20 bg-zinc-900/20 md:hidden" onClick={onClose} />}
      <aside
        id={FILTERS_PANEL_ID}
        aria-label="Filters"
        className={cx(
          'flex w-64 shrink-0 flex-col gap-4 overflow-y-auto border-r border-zinc-200 bg-white p-3 max-lg:w-52',
          open
            ? 'max-md:absolute max-md:inset-y-0 max-md:left-0 max-md:z-30 max-md:w-72 max-md:max-w-[85vw] max-md:shadow-xl'
            : 'max-lg:hidden',
        )}
      >
        <button
          type="button"
          onClick={onClose}
          className="-mb-2 flex items-center gap-1 self-end rounded text-xs font-medium text-zinc-500 hover:text-zinc-800 lg:hidden"
        >
          <X aria-hidden className="h-3.5 w-3.5" />
          Hide filters
        </button>
        <section>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Filter by Health</h3>
          <Toggle label="Hide Passing" checked={hidePassing} onChange={onHidePassing} />
        </section>
        <section>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Filter by Label</h3>
          {options.length === 0 && <p className="text-xs text-zinc-400">No labels</p>}
          <div className="flex flex-col gap-3">
            {options.map((o) =>
              o.boolean ? (
                <Toggle
                  key={o.key}
                  label={o.key}
                  checked={labels[labelId(o.key, 'true')] === 1}
                  onChange={(on) => onLabel(labelId(o.key, 'true'), on ? 1 : 0)}
                />
              ) : (
                <LabelValues key={o.key} option={o} labels={labels} onLabel={onLabel} />
              ),
            )}
          </div>
        </section>
      </aside>
    </>
  );
});

/** Values shown per label key before 'Show all': a key like a pod name can have thousands. */
const VISIBLE_VALUES = 12;

/** One label key's values as tri-state items; long lists show their first values and any chosen ones. */
function LabelValues({
  option,
  labels,
  onLabel,
}: {
  option: LabelOption;
  labels: Record<string, 1 | -1>;
  onLabel: (id: string, state: 0 | 1 | -1) => void;
}) {
  const [all, setAll] = useState(false);
  const long = option.values.length > VISIBLE_VALUES;
  const shown =
    all || !long
      ? option.values
      : option.values.filter((v, i) => i < VISIBLE_VALUES || labels[labelId(option.key, v)] !== undefined);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 truncate text-xs font-medium text-zinc-700">{option.key}</legend>
      <ul className="flex flex-col gap-0.5">
        {shown.map((v) => (
          <TriStateItem
            key={v}
            id={labelId(option.key, v)}
            value={v}
            state={labels[labelId(option.key, v)] ?? 0}
            onLabel={onLabel}
          />
        ))}
      </ul>
      {long && (
        <button
          type="button"
          aria-expanded={all}
          onClick={() => setAll((v) => !v)}
          className="mt-1 px-1 text-xs text-indigo-700 hover:underline"
        >
          {all ? 'Show fewer' : `Show all ${option.values.length}`}
        </button>
      )}
    </fieldset>
  );
}

function TriStateItem({
  id,
  value,
  state,
  onLabel,
}: {
  id: string;
  value: string;
  state: 0 | 1 | -1;
  onLabel: (id: string, state: 0 | 1 | -1) => void;
}) {
  return (
    <li
      data-state={state}
      className={cx(
        'flex items-center gap-1 rounded px-1 text-xs',
        state === 1 && 'bg-emerald-50 text-emerald-800',
        state === -1 && 'bg-red-50 text-red-800 line-through',
      )}
    >
      <span className="min-w-0 flex-1 truncate" title={value}>
        {value}
      </span>
      <button
        type="button"
        aria-label={`Include ${id}`}
        aria-pressed={state === 1}
        onClick={() => onLabel(id, state === 1 ? 0 : 1)}
        className={cx('rounded p-0.5 hover:bg-zinc-200', state === 1 && 'text-emerald-700')}
      >
        <Plus className="h-3 w-3" />
      </button>
      <button
        type="button"
        aria-label={`Exclude ${id}`}
        aria-pressed={state === -1}
        onClick={() => onLabel(id, state === -1 ? 0 : -1)}
        className={cx('rounded p-0.5 hover:bg-zinc-200', state === -1 && 'text-red-700')}
      >
        <Minus className="h-3 w-3" />
      </button>
    </li>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-2 text-sm text-zinc-700">
      <span className="truncate">{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-7 cursor-pointer accent-indigo-600"
      />
    </label>
  );
}
