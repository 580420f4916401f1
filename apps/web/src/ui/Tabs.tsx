import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from './cx.js';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A number shown beside the label, e.g. relationships count. */
  count?: number;
  content: ReactNode;
  hidden?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Controlled selection; leave out to let the tabs keep their own. */
  value?: string;
  onChange?: (id: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

/** Tabs with the ARIA pattern: arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, value, onChange, label, className }: TabsProps) {
  const visible = tabs.filter((t) => !t.hidden);
  const [own, setOwn] = useState(visible[0]?.id);
  const selected = visible.find((t) => t.id === (value ?? own)) ?? visible[0];
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    setOwn(id);
    onChange?.(id);
    refs.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const i = visible.findIndex((t) => t.id === selected?.id);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: visible.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = visible[(to + visible.length) % visible.length];
    if (next) select(next.id);
  };

  return (
    <div className={cx('flex min-h-0 flex-col', className)}>
      {/* on a narrow screen the tabs scroll sideways instead of squeezing their labels; the base
          line is an inset shadow, so the selected tab's border covers it inside the scroll box */}
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-zinc-200)]"
        onKeyDown={onKeyDown}
      >
        {visible.map((t) => {
          const active = t.id === selected?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(t.id)}
              className={cx(
                'inline-flex shrink-0 items-center gap-1.5 border-b-2 px-3 whitespace-nowrap py-2 text-sm font-medium transition-colors',
                active
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-zinc-500 hover:border-zinc-300 hover:text-zinc-800',
              )}
            >
              {t.label}
              {t.count !== undefined && (
                <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-600 tabular-nums">{t.count}</span>
              )}
            </button>
          );
        })}
      </div>
      {selected && (
        <div
          role="tabpanel"
          id={`${base}-panel-${selected.id}`}
          aria-labelledby={`${base}-tab-${selected.id}`}
          className="min-h-0 flex-1 pt-3"
        >
          {selected.content}
        </div>
      )}
    </div>
  );
}
