import type { LogSelector, LogsRequest, LogsResponse } from '@opsdeck/schema/logs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';

export type { LogLine, LogsResponse } from '@opsdeck/schema/logs';

/** A row of `components_with_logs`. */
export interface ComponentWithLogs {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
}

export const componentsWithLogsQuery = queryOptions({
  queryKey: ['logs', 'components'],
  queryFn: () =>
    api.get<ComponentWithLogs[]>('/api/db/components_with_logs', {
      params: { select: 'id,name,icon,type', order: 'name' },
    }),
});

export const logBackendsQuery = queryOptions({
  queryKey: ['logs', 'backends'],
  queryFn: () =>
    api.get<Array<{ name: string }>>('/api/db/logging_backends', {
      params: { select: 'name', deleted_at: 'is.null', order: 'name' },
    }),
});

/** The log selectors of one component (its `logs:`). */
export const selectorsQuery = (id: string) =>
  queryOptions({
    queryKey: ['logs', 'selectors', id],
    queryFn: async () => {
      const rows = await api.get<Array<{ log_selectors: LogSelector[] | null }>>('/api/db/components', {
        params: { select: 'log_selectors', id: `eq.${id}` },
      });
      return (rows[0]?.log_selectors ?? []).filter((s) => typeof s?.name === 'string') as Array<
        LogSelector & { name: string }
      >;
    },
  });

export const searchLogs = (body: LogsRequest, signal?: AbortSignal) =>
  api.post<LogsResponse>('/api/logs', body, { signal });
