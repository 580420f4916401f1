import { createBrowserRouter, type RouteObject, redirect, useRouteError } from 'react-router';
import { AuthStateChecker } from '../features/auth/AuthStateChecker.js';
import { BadSessionPage } from '../features/auth/BadSessionPage.js';
import { FlowErrorPage } from '../features/auth/FlowErrorPage.js';
import { IdentityFlowPage, LoginPage, OrgsSwitchedPage } from '../features/auth/pages.js';
import { ErrorFallback } from '../ui/ErrorBoundary.js';
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

/** Pages outside the sign-in gate: sign-in flows and error pages. */
const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/registration', element: <IdentityFlowPage title="Create account" heading="Create account" /> },
  { path: '/recovery', element: <IdentityFlowPage title="Recover account" heading="Recover account" /> },
  { path: '/verification', element: <IdentityFlowPage title="Verify your account" heading="Verify your account" /> },
  { path: '/profile-settings', element: <IdentityFlowPage title="Profile Settings" heading="Profile Settings" /> },
  { path: '/auth-state-checker', element: <AuthStateChecker /> },
  { path: '/organizations/orgs-switched', element: <OrgsSwitchedPage /> },
  { path: '/bad-session', element: <BadSessionPage /> },
  { path: '/error', element: <FlowErrorPage /> },
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
