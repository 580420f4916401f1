import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.js';
import { NoRolePage } from '../NoRolePage.js';
import { useSession } from '../session.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';
import { TopBarContext } from './topBarContext.js';

/** What a route tells the shell (set from the route config). */
export interface RouteHandle {
  title?: string;
  /** Show the top bar's refresh button (default true). */
  refresh?: boolean;
}

/** The signed-in layout: sidebar on the left, top bar and the page on the right. */
export function Shell() {
  const matches = useMatches();
  const { roles } = useSession();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [override, setTitle] = useState<string | undefined>();
  const title = override ?? handle?.title ?? 'OpsDeck';
  const context = useMemo(() => ({ slot, setTitle }), [slot]);

  useEffect(() => {
    document.title = title === 'OpsDeck' ? title : `${title} | OpsDeck`;
  }, [title]);

  return (
    <TopBarContext.Provider value={context}>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70]"
      >
        Skip to content
      </a>
      <div className="flex h-full overflow-hidden">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar title={title} refresh={handle?.refresh ?? true} onSlot={setSlot} />
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-auto focus:outline-none">
            <ErrorBoundary resetKey={pathname}>
              {/* without a role every screen is 'Unauthorized': say why, and who can help, instead */}
              {roles.length === 0 ? <NoRolePage /> : <Outlet />}
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </TopBarContext.Provider>
  );
}
