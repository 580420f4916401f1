import { mainRoutes } from './routes/mainRoutes.js';
import { settingsRoutes } from './routes/settingsRoutes.js';
import type { NavPlacement, RouteEntry } from './routeTypes.js';

export type { NavPlacement, RouteEntry } from './routeTypes.js';

/** Every screen behind sign-in, in sidebar order. */
export const ROUTES: readonly RouteEntry[] = [...mainRoutes, ...settingsRoutes];

/** Paths that only forward somewhere else. */
export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/', to: '/topology' },
  { from: '/configs', to: '/catalog' },
];

/** Entries of a menu section; the settings menu is sorted by name. */
export function navEntries(section: NavPlacement['section']): RouteEntry[] {
  const entries = ROUTES.filter((r) => r.nav?.section === section);
  return section === 'settings'
    ? [...entries].sort((a, b) => (a.nav?.label ?? '').localeCompare(b.nav?.label ?? ''))
    : entries;
}
