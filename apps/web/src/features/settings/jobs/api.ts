import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import type { JobDetails } from './jobDetails.js';

/** A row of `job_histories` as the Jobs History page lists it. */
export interface JobHistoryRow {
  id: string;
  name: string;
  status: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  agent: { id: string | null; name: string | null } | null;
  hostname: string | null;
  time_start: string | null;
  time_end: string | null;
  created_at: string;
  duration_millis: number | null;
  success_count: number | null;
  error_count: number | null;
  details: JobDetails | null;
}

export const jobQueries = {
  all: ['job_history'] as const,
  page: (q: {
    filters: Record<string, string | string[]>;
    pageIndex: number;
    pageSize: number;
    sortBy?: string;
    sortOrder: 'asc' | 'desc';
  }) =>
    queryOptions({
      queryKey: [...jobQueries.all, 'page', q],
      queryFn: ({ signal }) =>
        fetchPage<JobHistoryRow>('/api/db/job_histories', {
          select:
            'id,name,status,resource_type,resource_id,resource_name,agent,hostname,time_start,time_end,created_at,duration_millis,success_count,error_count,details',
          filters: q.filters,
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** Job names for the Job Name filter. */
  names: () =>
    queryOptions({
      queryKey: [...jobQueries.all, 'names'],
      queryFn: ({ signal }) =>
        api
          .get<Array<{ name: string }>>('/api/db/job_history_names', {
            params: { select: 'name', order: 'name.asc' },
            signal,
          })
          .then((rows) => rows.map((r) => r.name)),
      staleTime: 60_000,
    }),
};
