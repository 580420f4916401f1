import type { PermissionRule } from '@opsdeck/schema/permissions';
import type { ViewSummary } from '@opsdeck/schema/view';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.js';
import { orEarly } from '../api/early.js';
import { disabledFeatures, type PropertyRow } from '../utils/featureFlags.js';
import { FLAGS_TIMEOUT_MS, PROPERTIES_PATH, WHOAMI_PATH } from './earlyRequests.js';

/** The signed-in person, as `GET /api/auth/whoami` describes them. */
export interface SessionUser {
  id: string;
  name: string;
  email?: string | null;
  avatar?: string | null;
}

/** The payload of `GET /api/auth/whoami`. */
export interface WhoAmI {
  user: SessionUser;
  roles: string[];
  /** Permission rows in force naming the person or their teams (deny rows included). */
  permissions?: PermissionRule[];
}

/** A view flagged for the sidebar: a row of `views_summary`. */
export type SidebarView = ViewSummary;

const FIVE_MINUTES = 5 * 60_000;

/** Queries the shell itself needs; domains keep theirs in features/<domain>/api.ts. */
export const appQueries = {
  /** Whoami is not refetched on focus or reconnect. */
  whoami: () =>
    queryOptions({
      queryKey: ['auth', 'whoami'],
      queryFn: ({ signal }) =>
        orEarly(WHOAMI_PATH, () => api.get<{ payload: WhoAmI }>(WHOAMI_PATH, { signal })).then((r) => r.payload),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    }),

  /** The backend version shown in the user menu. */
  about: () =>
    queryOptions({
      queryKey: ['system', 'about'],
      queryFn: ({ signal }) => api.get<{ appVersion?: string; backend?: string }>('/api/canary/about', { signal }),
      staleTime: FIVE_MINUTES,
    }),

  /**
   * Disabled features from `{feature}.disable` properties. Any failure (table not served yet,
   * 5xx, slow server) means "no flags": the app must load without them.
   */
  featureFlags: () =>
    queryOptions({
      queryKey: ['properties', 'feature-flags'],
      queryFn: async ({ signal }) => {
        try {
          // database rows and those set by the environment (OPSDECK_PROPERTIES), which win
          const rows = await orEarly(PROPERTIES_PATH, () =>
            api.get<PropertyRow[]>(PROPERTIES_PATH, { signal, timeoutMs: FLAGS_TIMEOUT_MS }),
          );
          return [...disabledFeatures(Array.isArray(rows) ? rows : [])];
        } catch (err) {
          if (signal.aborted) throw err;
          return [];
        }
      },
      staleTime: FIVE_MINUTES,
      retry: false,
    }),

  /** Views flagged for the sidebar; a failure just means none are listed. */
  sidebarViews: () =>
    queryOptions({
      queryKey: ['views', 'sidebar'],
      queryFn: async ({ signal }) => {
        try {
          const rows = await api.get<SidebarView[]>('/api/config/views_summary', {
            params: {
              select: 'id,name,namespace,title,icon,ordinal,sidebar',
              sidebar: 'eq.true',
              order: 'ordinal.asc,title.asc',
            },
            signal,
          });
          return Array.isArray(rows) ? rows : [];
        } catch (err) {
          if (signal.aborted) throw err;
          return [];
        }
      },
      staleTime: FIVE_MINUTES,
      retry: false,
    }),
};
