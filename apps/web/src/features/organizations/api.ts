import type { OrganizationsResponse } from '@opsdeck/schema/organizations';
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
