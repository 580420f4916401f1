import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.js';
import type { RouteHandle } from './Shell.js';

/** Layout of embeddable pages (`/view/...`): the page alone, without sidebar or top bar. */
export function BareLayout() {
  const { pathname } = useLocation();
  const title = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} | OpsDeck` : 'OpsDeck';
  }, [title]);
  return (
    <main className="h-full overflow-auto bg-zinc-50">
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </main>
  );
}
