import { createBrowserRouter, type RouteObject, redirect, useRouteError } from 'react-router';
import { AuthStateChecker } from '../features/auth/AuthStateChecker.js';
import { BadSessionPage } from '../features/auth/BadSessionPage.js';
import { FlowErrorPage } from '../features/auth/FlowErrorPage.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { ProfileSettingsPage } from '../features/auth/ProfileSettingsPage.js';
import { OrgsSwitchedPage } from '../features/auth/pages.js';
import { RecoveryPage } from '../features/auth/RecoveryPage.js';
import { RegistrationPage } from '../features/auth/RegistrationPage.js';
import { VerificationPage } from '../features/auth/VerificationPage.js';
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
  { path: '/registration', element: <RegistrationPage /> },
  { path: '/recovery', element: <RecoveryPage /> },
  { path: '/verification', element: <VerificationPage /> },
  { path: '/profile-settings', element: <ProfileSettingsPage /> },
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
