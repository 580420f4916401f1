import { NavLink } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { cx } from '../../../ui/cx.js';

const LINKS = [
  { to: '/notifications', label: 'Notifications', end: true },
  { to: '/notifications/rules', label: 'Rules', end: true },
  { to: '/notifications/silences', label: 'Silences', end: false },
];

/** Links between the notification screens, in the top bar. */
export function NotificationsNav() {
  return (
    <TopBarExtra>
      <nav aria-label="Notifications" className="ml-2 flex gap-1">
        {LINKS.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.end}
            className={({ isActive }) =>
              cx(
                'rounded-md px-2.5 py-1 text-sm font-medium',
                isActive ? 'bg-indigo-50 text-indigo-700' : 'text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900',
              )
            }
          >
            {l.label}
          </NavLink>
        ))}
      </nav>
    </TopBarExtra>
  );
}
