import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cx } from './cx.js';

export type MenuItem =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode; external?: boolean }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode }
  | { kind: 'text'; content: ReactNode }
  | { kind: 'separator' };

export interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the trigger shows (an icon or avatar). */
  trigger: ReactNode;
  items: MenuItem[];
  align?: 'left' | 'right';
  triggerClassName?: string;
}

const itemClass =
  'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none';

/** A dropdown menu button: click or Enter opens it, arrows move, Escape or an outside click closes. */
export function Menu({ label, trigger, items, align = 'right', triggerClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    root.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const all = Array.from(root.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []);
    const i = all.indexOf(document.activeElement as HTMLElement);
    all[(i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length]?.focus();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onKeyDown={(e) => e.key === 'Escape' && open && close()}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'inline-flex h-8 min-w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900',
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={cx(
            'absolute top-full z-40 mt-1 min-w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-zinc-900/10',
            align === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {items.map((item, i) => {
            const key = `${item.kind}-${i}`;
            switch (item.kind) {
              case 'separator':
                return <hr key={key} className="my-1 border-zinc-200" />;
              case 'text':
                return (
                  <div key={key} className="px-2 py-1.5 text-xs text-zinc-500">
                    {item.content}
                  </div>
                );
              case 'link':
                return item.external ? (
                  <a
                    key={key}
                    role="menuitem"
                    tabIndex={-1}
                    href={item.to}
                    target="_blank"
                    rel="noreferrer"
                    className={itemClass}
                    onClick={() => setOpen(false)}
                  >
                    {item.icon}
                    {item.label}
                  </a>
                ) : (
                  <Link
                    key={key}
                    role="menuitem"
                    tabIndex={-1}
                    to={item.to}
                    className={itemClass}
                    onClick={() => setOpen(false)}
                  >
                    {item.icon}
                    {item.label}
                  </Link>
                );
              case 'action':
                return (
                  <button
                    key={key}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={itemClass}
                    onClick={() => {
                      setOpen(false);
                      item.onSelect();
                    }}
                  >
                    {item.icon}
                    {item.label}
                  </button>
                );
              default:
                return null;
            }
          })}
        </div>
      )}
    </div>
  );
}
