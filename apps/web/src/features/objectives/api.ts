import type { ObjectiveDetail, ObjectiveFigures } from '@opsdeck/schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';

/** The objectives' figures are computed from results on each read: refreshed every minute. */
const REFRESH_MS = 60_000;

export const objectiveQueries = {
  list: () =>
    queryOptions({
      queryKey: ['objectives', 'list'],
      queryFn: ({ signal }) => api.get<{ objectives: ObjectiveFigures[] }>('/api/slos', { signal }),
      refetchInterval: REFRESH_MS,
    }),
  /** The objectives whose indicator reads a component's checks (its panel's budget badges). */
  forComponent: (componentId: string) =>
    queryOptions({
      queryKey: ['objectives', 'list', { component: componentId }],
      queryFn: ({ signal }) =>
        api.get<{ objectives: ObjectiveFigures[] }>(`/api/slos?component=${encodeURIComponent(componentId)}`, {
          signal,
        }),
      refetchInterval: REFRESH_MS,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['objectives', 'detail', id],
      queryFn: ({ signal }) => api.get<ObjectiveDetail>(`/api/slos/${encodeURIComponent(id)}`, { signal }),
      refetchInterval: REFRESH_MS,
    }),
};
