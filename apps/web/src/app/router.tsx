import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject, redirect, useRouteError } from 'react-router';
import { ErrorFallback } from '../ui/ErrorBoundary.js';
import { LoadingBlock } from '../ui/Spinner.js';
import { BareLayout } from './layout/BareLayout.js';
import { type RouteHandle, Shell } from './layout/Shell.js';
import { NotFoundPage } from './NotFoundPage.js';
import { RequireSession } from './RequireSession.js';
import { RouteGate } from './RouteGate.js';
import { REDIRECTS, ROUTES, type RouteEntry } from './routeConfig.js';

function RouteError() {
  return <ErrorFallback error={useRouteError()} />;
}

const toRoute = (entry: RouteEntry): RouteObject => ({
  path: entry.path,
  element: <RouteGate entry={entry} />,
  handle: { title: entry.title } satisfies RouteHandle,
});

// The sign-in screens and their Ory client load on first visit: a signed-in visit to /health
// does not download them.
const auth = (load: () => Promise<ComponentType>) => {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<LoadingBlock />}>
      <Page />
    </Suspense>
  );
};

/** Pages outside the sign-in gate: sign-in flows and error pages. */
const publicRoutes: RouteObject[] = [
  { path: '/login', element: auth(async () => (await import('../features/auth/LoginPage.js')).LoginPage) },
  {
    path: '/registration',
    element: auth(async () => (await import('../features/auth/RegistrationPage.js')).RegistrationPage),
  },
  { path: '/recovery', element: auth(async () => (await import('../features/auth/RecoveryPage.js')).RecoveryPage) },
  {
    path: '/verification',
    element: auth(async () => (await import('../features/auth/VerificationPage.js')).VerificationPage),
  },
  {
    path: '/profile-settings',
    element: auth(async () => (await import('../features/auth/ProfileSettingsPage.js')).ProfileSettingsPage),
  },
  {
    path: '/auth-state-checker',
    element: auth(async () => (await import('../features/auth/AuthStateChecker.js')).AuthStateChecker),
  },
  {
    path: '/organizations/orgs-switched',
    element: auth(async () => (await import('../features/organizations/OrgsSwitchedPage.js')).OrgsSwitchedPage),
  },
  {
    path: '/organizations/provisioning',
    element: auth(
      async () => (await import('../features/organizations/ProvisioningPage.js')).OrganizationProvisioningPage,
    ),
  },
  {
    path: '/bad-session',
    element: auth(async () => (await import('../features/auth/BadSessionPage.js')).BadSessionPage),
  },
  { path: '/error', element: auth(async () => (await import('../features/auth/FlowErrorPage.js')).FlowErrorPage) },
];

/** The route tree, built from the route config. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      children: [
        ...publicRoutes,
        {
          element: <RequireSession />,
          children: [
            { element: <BareLayout />, children: ROUTES.filter((r) => r.layout === 'bare').map(toRoute) },
            {
              element: <Shell />,
              children: [
                // redirect before rendering, keeping the query string (/configs?type=x -> /catalog?type=x)
                ...REDIRECTS.map(({ from, to }) => ({
                  path: from,
                  loader: ({ request }: { request: Request }) => redirect(`${to}${new URL(request.url).search}`),
                })),
                ...ROUTES.filter((r) => r.layout !== 'bare').map(toRoute),
                { path: '*', element: <NotFoundPage />, handle: { title: 'Not found' } satisfies RouteHandle },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
