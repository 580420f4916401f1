import {
  type DirectModeResponse,
  directModeResponseSchema,
  type OrganizationsResponse,
} from '@opsdeck/schema/organizations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { orEarly } from '../../api/early.js';
import { DIRECT_MODE_PATH } from '../../app/earlyRequests.js';

/** `GET /api/organizations`: hosted mode and the signed-in person's organizations. */
export const organizationQueries = {
  list: () =>
    queryOptions({
      queryKey: ['organizations'],
      queryFn: ({ signal }) => api.get<OrganizationsResponse>('/api/organizations', { signal }),
      staleTime: 60_000,
      retry: false,
    }),
};

/**
 * Whether this server's web app signs in directly with an organization's provider, asked before
 * the app renders: a plain fetch, since the API client's sign-in redirect does not apply yet.
 * Null for the usual proxy mode, also when the server is older or unreachable.
 */
export async function fetchDirectMode(): Promise<DirectModeResponse['direct'] | null> {
  try {
    const body = await orEarly(DIRECT_MODE_PATH, async () => {
      const res = await fetch(DIRECT_MODE_PATH, { headers: { accept: 'application/json' } });
      return res.ok ? ((await res.json()) as unknown) : undefined;
    });
    if (body !== undefined) return directModeResponseSchema.parse(body).direct;
  } catch {
    // an older server, or none: the usual proxy mode
  }
  return null;
}
