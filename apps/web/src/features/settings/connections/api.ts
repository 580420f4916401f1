import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import type { ConnectionRow } from './connectionForm.js';

/** What POST /api/connection/test/:id answers when the connection works. */
export interface ConnectionTestResult {
  message: string;
  payload?: { duration?: number; message?: string };
}

/** Query factories of the connections settings; keys start with `settings-connections`. */
export const connectionQueries = {
  all: ['settings-connections'] as const,
  list: () =>
    queryOptions({
      queryKey: [...connectionQueries.all, 'list'],
      queryFn: ({ signal }) =>
        fetchPage<ConnectionRow>('/api/db/connections_list', {
          filters: { deleted_at: 'is.null' },
          sortBy: 'name',
          pageIndex: 0,
          pageSize: 100,
          signal,
        }),
    }),
};

/** Stores a new connection; the server validates it per type and encrypts its secrets. */
export function createConnection(body: Record<string, unknown>): Promise<unknown> {
  return api.post('/api/db/connections', body);
}

/** Changes a stored connection. */
export function updateConnection(id: string, body: Record<string, unknown>): Promise<unknown> {
  return api.patch('/api/db/connections', body, { params: { id: `eq.${id}` } });
}

/** Deletes a connection. */
export function deleteConnection(id: string): Promise<unknown> {
  return api.delete('/api/db/connections', { params: { id: `eq.${id}` } });
}

/** Really tries a stored connection; rejects with the server's reason when it fails. */
export function testConnection(id: string): Promise<ConnectionTestResult> {
  return api.post<ConnectionTestResult>(`/api/connection/test/${id}`, undefined, { timeoutMs: 90_000 });
}

/** A stored connection by name, as pickers list it. */
export interface ConnectionName {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
}

/** Every stored connection (up to 500) by name, alphabetically. */
export function fetchConnectionNames(signal?: AbortSignal): Promise<ConnectionName[]> {
  return api.get<ConnectionName[]>('/api/db/connections', {
    params: { select: 'id,name,namespace,type', deleted_at: 'is.null', order: 'name.asc', limit: 500 },
    signal,
  });
}
