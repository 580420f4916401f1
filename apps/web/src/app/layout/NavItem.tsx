import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cx } from '../../ui/cx.js';

/** One sidebar link: icon and label, or just the icon (label kept for screen readers) when collapsed. */
export function NavItem({
  to,
  label,
  icon: Icon,
  collapsed,
  end = false,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  collapsed: boolean;
  end?: boolean;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      title={collapsed ? label : undefined}
      className={({ isActive }) =>
        cx(
          'group flex h-8 shrink-0 items-center gap-2.5 rounded-md text-sm font-medium transition-colors',
          collapsed ? 'justify-center px-0' : 'px-2.5',
          isActive ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100',
        )
      }
    >
      <Icon aria-hidden className="h-4 w-4 shrink-0" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
    </NavLink>
  );
}
