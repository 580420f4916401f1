import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary.js';
import { Providers } from './providers.js';
import { createAppRouter } from './router.js';

/** The whole web app: providers around the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  );
}
