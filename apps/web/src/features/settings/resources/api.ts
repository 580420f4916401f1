import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import type { JobRun } from '../jobs/JobHistoryTable.js';
import type { ResourceKind, ResourceRow } from './types.js';

/** Rows of the list are 100 a page by default (issue 16 item 1). */
export const RESOURCE_PAGE_SIZE = 100;

export const resourceQueries = {
  all: (table: string) => ['settings-resource', table] as const,
  list: (kind: ResourceKind, q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...resourceQueries.all(kind.table), 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<ResourceRow>(`/api/db/${kind.listRelation ?? kind.table}`, {
          select: kind.listSelect,
          filters: { deleted_at: 'is.null' },
          ...q,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  one: (kind: ResourceKind, id: string) =>
    queryOptions({
      queryKey: [...resourceQueries.all(kind.table), 'one', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<ResourceRow[]>(`/api/db/${kind.table}`, {
          params: { select: kind.detailSelect, id: `eq.${id}`, deleted_at: 'is.null' },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  jobs: (kind: ResourceKind, id: string, pageSize: number) =>
    queryOptions({
      queryKey: [...resourceQueries.all(kind.table), 'jobs', id, pageSize],
      queryFn: ({ signal }) =>
        kind.jobRuns?.(id, pageSize, signal) ??
        fetchPage<JobRun>('/api/db/job_histories', {
          select: 'id,name,status,time_start,duration_millis,success_count,error_count,details',
          filters: {
            resource_type: `eq.${kind.jobResourceType}`,
            ...(kind.jobsOfAllRows
              ? { or: `(resource_id.eq.${id},resource_id.is.null)` }
              : { resource_id: `eq.${id}` }),
          },
          sortBy: 'time_start',
          sortOrder: 'desc',
          pageIndex: 0,
          pageSize,
          signal,
        }),
    }),
};

/** Creates a row; answers its id (`created_by` is filled by the server). */
export async function createResource(kind: ResourceKind, body: Record<string, unknown>): Promise<string> {
  const rows = await api.post<Array<{ id: string }>>(`/api/db/${kind.table}`, body, {
    params: { select: 'id' },
    headers: { Prefer: 'return=representation' },
  });
  const id = rows[0]?.id;
  if (!id) throw new Error(`the server did not return the new ${kind.noun}`);
  return id;
}

/** Saves a row. */
export const updateResource = (kind: ResourceKind, id: string, body: Record<string, unknown>) =>
  api.patch(`/api/db/${kind.table}`, body, { params: { id: `eq.${id}` } });

/** Deletes a row: a DELETE, or setting `deleted_at` for a kind with `softDelete`. */
export const deleteResource = (kind: ResourceKind, id: string) =>
  kind.softDelete
    ? api.patch(`/api/db/${kind.table}`, { deleted_at: new Date().toISOString() }, { params: { id: `eq.${id}` } })
    : api.delete(`/api/db/${kind.table}`, { params: { id: `eq.${id}` } });
