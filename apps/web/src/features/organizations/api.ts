import {
  type DirectModeResponse,
  directModeResponseSchema,
  type OrganizationsResponse,
} from '@opsdeck/schema/organizations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';

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
    const res = await fetch('/api/organizations/direct', { headers: { accept: 'application/json' } });
    if (res.ok) return directModeResponseSchema.parse(await res.json()).direct;
  } catch {
    // an older server, or none: the usual proxy mode
  }
  return null;
}
