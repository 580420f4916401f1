import { useQuery } from '@tanstack/react-query';
import { ServerCog } from 'lucide-react';
import { Outlet } from 'react-router';
import { ApiError } from '../api/errors.js';
import { Button } from '../ui/Button.js';
import { ErrorFallback } from '../ui/ErrorBoundary.js';
import { LoadingBlock } from '../ui/Spinner.js';
import { LiveUpdates } from './live/LiveUpdates.js';
import { appQueries } from './queries.js';
import { SessionProvider } from './session.js';

/** Shown while whoami answers 404 or 5xx: the backend exists but is not ready. */
function ProvisioningPage({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <ServerCog aria-hidden className="h-10 w-10 text-indigo-500" />
      <h1 className="text-lg font-semibold text-zinc-900">Instance provisioning in-progress</h1>
      <p className="max-w-md text-sm text-zinc-600">
        The OpsDeck backend is not ready to answer yet. This usually takes a minute; try again shortly.
      </p>
      <Button variant="primary" onClick={onRetry}>
        Try again
      </Button>
    </main>
  );
}

/**
 * Loads who is signed in and the feature flags before any screen renders. A signed-out person
 * is already on their way to sign in (the HTTP client's 401 handling).
 */
export function RequireSession() {
  const whoami = useQuery(appQueries.whoami());
  const flags = useQuery(appQueries.featureFlags());

  if (whoami.isPending || flags.isPending) {
    return (
      <main className="h-full">
        <LoadingBlock label="Loading OpsDeck" />
      </main>
    );
  }
  if (whoami.isError) {
    const err = whoami.error;
    if (err instanceof ApiError && err.status === 401) {
      return (
        <main className="h-full">
          <LoadingBlock label="Redirecting to sign in" />
        </main>
      );
    }
    if (err instanceof ApiError && (err.status === 404 || (err.status ?? 0) >= 500)) {
      return <ProvisioningPage onRetry={() => whoami.refetch()} />;
    }
    return (
      <main className="h-full">
        <ErrorFallback error={err} onRetry={() => whoami.refetch()} />
      </main>
    );
  }
  return (
    <SessionProvider whoami={whoami.data} disabled={flags.data ?? []}>
      <LiveUpdates />
      <Outlet />
    </SessionProvider>
  );
}
