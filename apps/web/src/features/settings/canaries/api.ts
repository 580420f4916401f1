import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import type { CanaryRow } from './canaryDoc.js';

/** A canary in the list, with the status of its last scheduled run. */
export interface CanaryListRow extends CanaryRow {
  job_status: string | null;
  job_last_run: string | null;
}

/** A check derived from a canary on save. */
export interface DerivedCheck {
  id: string;
  type: string;
  name: string;
  status: string | null;
}

/** A job_histories row for the Job History tab. */
export interface CanaryJob {
  id: string;
  name: string;
  status: string;
  time_start: string | null;
  duration_millis: number | null;
  success_count: number | null;
  error_count: number | null;
  details: unknown;
}

const LIST_LIMIT = 100; // generic settings lists (spec part 1 section 9)

/** Query factories of the health check settings; keys start with `settings-canaries`. */
export const canaryQueries = {
  all: ['settings-canaries'] as const,
  list: () =>
    queryOptions({
      queryKey: [...canaryQueries.all, 'list'],
      queryFn: ({ signal }) =>
        fetchPage<CanaryListRow>('/api/db/canaries_with_status', {
          filters: { deleted_at: 'is.null' },
          sortBy: 'name',
          pageIndex: 0,
          pageSize: LIST_LIMIT,
          signal,
        }),
    }),
  byId: (id: string) =>
    queryOptions({
      queryKey: [...canaryQueries.all, 'one', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<CanaryRow[]>('/api/db/canaries', {
          params: { id: `eq.${id}`, deleted_at: 'is.null' },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  checks: (id: string) =>
    queryOptions({
      queryKey: [...canaryQueries.all, 'checks', id],
      queryFn: ({ signal }) =>
        api.get<DerivedCheck[]>('/api/db/checks', {
          params: { canary_id: `eq.${id}`, deleted_at: 'is.null', select: 'id,type,name,status', order: 'type,name' },
          signal,
        }),
    }),
  jobs: (id: string, pageSize: number) =>
    queryOptions({
      queryKey: [...canaryQueries.all, 'jobs', id, pageSize],
      queryFn: ({ signal }) =>
        fetchPage<CanaryJob>('/api/db/job_histories', {
          filters: { resource_id: `eq.${id}` },
          sortBy: 'time_start',
          sortOrder: 'desc',
          pageIndex: 0,
          pageSize,
          signal,
        }),
    }),
};

type CanaryWrite = Pick<CanaryRow, 'name' | 'namespace' | 'labels' | 'spec'>;

/** Creates a canary (its checks are derived by the server in the same transaction); answers its id. */
export async function createCanary(row: CanaryWrite): Promise<string> {
  const rows = await api.post<Array<{ id: string }>>('/api/db/canaries', row, {
    params: { select: 'id' },
    headers: { Prefer: 'return=representation' },
  });
  const id = rows[0]?.id;
  if (!id) throw new Error('the server did not return the new health check');
  return id;
}

/** Saves a canary's labels and spec; name and namespace are fixed once saved. */
export function updateCanary(id: string, row: Pick<CanaryRow, 'labels' | 'spec'>): Promise<unknown> {
  return api.patch('/api/db/canaries', row, { params: { id: `eq.${id}` } });
}

/** Deletes a canary (a soft delete of it and its checks). */
export function deleteCanary(id: string): Promise<unknown> {
  return api.delete('/api/db/canaries', { params: { id: `eq.${id}` } });
}
