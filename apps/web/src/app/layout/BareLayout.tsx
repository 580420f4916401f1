import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.js';

/** Layout of embeddable pages (`/view/...`): the page alone, without sidebar or top bar. */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <main className="h-full overflow-auto bg-zinc-50">
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </main>
  );
}
