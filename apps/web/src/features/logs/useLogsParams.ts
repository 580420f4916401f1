import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page's URL state: topologyId, logsSelector, query, start, plus end and backend. */
export interface LogsParams {
  topologyId: string;
  logsSelector: string;
  backend: string;
  query: string;
  /** A duration back from now (`1h`) or an ISO time. */
  start: string;
  end: string;
}

export const RANGES = ['15m', '1h', '6h', '1d', '3d', '1w', '2w'] as const;

export function useLogsParams(): [LogsParams, (patch: Partial<LogsParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params: LogsParams = {
    topologyId: search.get('topologyId') ?? '',
    logsSelector: search.get('logsSelector') ?? '',
    backend: search.get('backend') ?? '',
    query: search.get('query') ?? '',
    start: search.get('start') ?? '1h',
    end: search.get('end') ?? '',
  };
  const update = useCallback(
    (patch: Partial<LogsParams>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (!v) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [params, update];
}
