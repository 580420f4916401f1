import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cx } from '../../ui/cx.js';
import { Logo } from '../../ui/Logo.js';
import { useLocalStorage } from '../../ui/useLocalStorage.js';
import { appQueries } from '../queries.js';
import { navEntries, type RouteEntry } from '../routeConfig.js';
import { type Session, useSession } from '../session.js';
import { NavItem } from './NavItem.js';
import { SettingsNav } from './SettingsNav.js';
import { viewIcon } from './viewIcons.js';

/** localStorage key of the sidebar state (default false). */
export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

/** Below this window width an expanded sidebar folds away when you click outside it. */
const NARROW_PX = 1024;
/** Below this window width the sidebar starts folded when no preference is stored. */
const PHONE_PX = 640;

const visible = (session: Session) => (entry: RouteEntry) =>
  ![entry.feature, ...(entry.alsoHiddenBy ?? [])].some((f) => session.featureDisabled(f)) &&
  session.can(entry.resource, 'read');

/** The app's left navigation: main screens, views flagged for the sidebar, and Settings. */
export function Sidebar() {
  const session = useSession();
  // on a phone the expanded sidebar would cover most of the screen: folded until chosen otherwise
  const [collapsed, setCollapsed] = useLocalStorage<boolean>(SIDEBAR_COLLAPSED_KEY, window.innerWidth < PHONE_PX);
  const aside = useRef<HTMLElement>(null);
  const showViews = !session.featureDisabled('views') && session.can('views', 'read');
  const views = useQuery({ ...appQueries.sidebarViews(), enabled: showViews });

  useEffect(() => {
    if (collapsed) return;
    const onDown = (e: MouseEvent) => {
      if (window.innerWidth < NARROW_PX && !aside.current?.contains(e.target as Node)) setCollapsed(true);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [collapsed, setCollapsed]);

  const main = navEntries('main').filter(visible(session));
  const settings = session.isViewer ? [] : navEntries('settings').filter(visible(session));

  return (
    <aside
      ref={aside}
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cx(
        'flex shrink-0 flex-col border-r border-zinc-800 bg-zinc-900 transition-[width] duration-150',
        collapsed ? 'w-14' : 'w-56',
      )}
    >
      <div className={cx('flex h-12 items-center', collapsed ? 'justify-center' : 'px-4')}>
        <Link to="/" aria-label="OpsDeck home" className="rounded-md">
          <Logo compact={collapsed} dark />
        </Link>
      </div>
      {/* one scroll area for the screens and Settings, so a short window never hides either */}
      <div className={cx('flex min-h-0 flex-1 flex-col gap-2 px-2 py-2', !collapsed && 'overflow-y-auto')}>
        <nav aria-label="Main" className="flex flex-col gap-0.5">
          {main.map((entry) => (
            <NavItem
              key={entry.path}
              to={entry.path}
              label={entry.nav?.label ?? entry.title}
              icon={entry.nav?.icon ?? LayoutGrid}
              collapsed={collapsed}
            />
          ))}
          {showViews && (views.data?.length ?? 0) > 0 && (
            <>
              <div aria-hidden className="mx-2 my-2 border-t border-zinc-800" />
              {views.data?.map((view) => (
                <NavItem
                  key={view.id}
                  to={`/views/${view.id}`}
                  label={view.title || view.name}
                  icon={viewIcon(view.icon)}
                  collapsed={collapsed}
                />
              ))}
            </>
          )}
        </nav>
        {settings.length > 0 && (
          <div className="mt-auto border-t border-zinc-800 pt-2">
            <SettingsNav items={settings} collapsed={collapsed} />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-0.5 border-t border-zinc-800 px-2 py-2">
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className={cx(
            'flex h-8 items-center gap-2.5 rounded-md text-sm text-zinc-500 transition-colors hover:bg-zinc-800/60 hover:text-zinc-100',
            collapsed ? 'justify-center' : 'px-2.5',
          )}
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden className="h-4 w-4" />
          ) : (
            <PanelLeftClose aria-hidden className="h-4 w-4" />
          )}
          {!collapsed && <span>Collapse</span>}
        </button>
      </div>
    </aside>
  );
}
