import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../api/errors.js';
import { ToastProvider, useToasts } from '../ui/Toasts.js';

/** Retry a failed read twice, but never a client mistake (4xx): asking again will not help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failureCount < 2;
}

function QueryProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: shouldRetry, staleTime: 10_000 } },
        // mutation errors show as toasts unless the mutation handles them itself
        mutationCache: new MutationCache({
          onError: (error, _variables, _context, mutation) => {
            if (!mutation.options.onError) toasts.error(errorMessage(error));
          },
        }),
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Everything every screen relies on: toasts and the query cache. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <QueryProvider>{children}</QueryProvider>
    </ToastProvider>
  );
}
