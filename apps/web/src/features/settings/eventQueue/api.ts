import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';

/** One event name's line of the event queue summary (GET /api/canary/event_queue_summary). */
export interface EventQueueRow {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** Query keys of the event queue page. */
export const eventQueueQueries = {
  summary: () =>
    queryOptions({
      queryKey: ['event_queue', 'summary'],
      queryFn: ({ signal }) => api.get<EventQueueRow[]>('/api/canary/event_queue_summary', { signal }),
      refetchInterval: 30_000,
    }),
};
