import { ChevronDown, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '../../ui/cx.js';
import type { RouteEntry } from '../routeConfig.js';

/**
 * The Settings submenu: a disclosure list in the expanded sidebar, a flyout beside the collapsed
 * one. Opens by itself while a settings page is shown.
 */
export function SettingsNav({ items, collapsed }: { items: RouteEntry[]; collapsed: boolean }) {
  const { pathname } = useLocation();
  const inSettings = pathname.startsWith('/settings');
  const [open, setOpen] = useState(inSettings);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (collapsed) setOpen(false);
    else if (inSettings) setOpen(true);
  }, [collapsed, inSettings]);

  useEffect(() => {
    if (!collapsed || !open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [collapsed, open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title={collapsed ? 'Settings' : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'flex h-8 w-full items-center gap-2.5 rounded-md text-sm font-medium transition-colors',
          collapsed ? 'justify-center' : 'px-2.5',
          inSettings ? 'text-zinc-100' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100',
        )}
      >
        <Settings aria-hidden className="h-4 w-4 shrink-0" />
        <span className={collapsed ? 'sr-only' : 'flex-1 text-left'}>Settings</span>
        {!collapsed && (
          <ChevronDown aria-hidden className={cx('h-4 w-4 transition-transform', open ? 'rotate-180' : '')} />
        )}
      </button>
      {open && (
        <ul
          id={listId}
          aria-label="Settings"
          className={cx(
            collapsed
              ? 'absolute bottom-0 left-full z-40 ml-2 max-h-[70vh] w-52 overflow-auto rounded-lg bg-zinc-900 p-1 shadow-xl ring-1 ring-zinc-700'
              : 'mt-0.5 ml-4 border-l border-zinc-800 pl-2',
          )}
        >
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                onClick={() => collapsed && setOpen(false)}
                className={({ isActive }) =>
                  cx(
                    'block truncate rounded-md px-2.5 py-1.5 text-[13px] transition-colors',
                    isActive ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100',
                  )
                }
              >
                {item.nav?.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
