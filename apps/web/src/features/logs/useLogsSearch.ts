import type { LogsRequest } from '@opsdeck/schema/logs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type LogLine, searchLogs } from './api.js';
import type { LogsParams } from './useLogsParams.js';

const PAGE = 200;
const TAIL_EVERY_MS = 2000;
/** Most tailed lines kept above the searched ones (the oldest fall off). */
const TAIL_MAX = 5000;

/** The request of the page's state, or undefined when nothing is chosen yet. */
export function requestOf(p: LogsParams): LogsRequest | undefined {
  const base = { query: p.query || undefined, start: p.start || '1h', end: p.end || undefined, limit: PAGE };
  if (p.topologyId) return { ...base, id: p.topologyId, name: p.logsSelector || undefined };
  if (p.backend) return { ...base, name: p.backend };
  return undefined;
}

/**
 * The search, paged with the server's cursor ("Load older"), and live tail: every 2 s the lines
 * newer than the newest shown are fetched and put on top (deduplicated by id).
 */
export function useLogsSearch(params: LogsParams, tail: boolean) {
  const request = requestOf(params);
  const search = useInfiniteQuery({
    queryKey: ['logs', 'search', request],
    enabled: !!request,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => searchLogs({ ...(request as LogsRequest), page: pageParam }, signal),
    getNextPageParam: (last) => last.nextPage,
  });
  const [tailed, setTailed] = useState<LogLine[]>([]);
  const key = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts a new tail
  useEffect(() => setTailed([]), [key]);
  const searched = useMemo(() => search.data?.pages.flatMap((p) => p.results) ?? [], [search.data]);
  const lines = useMemo(() => [...tailed, ...searched], [tailed, searched]);
  const newest = lines[0]?.timestamp;

  useEffect(() => {
    const req = key ? (JSON.parse(key) as LogsRequest) : undefined; // the request, by value
    if (!tail || !req || req.end) return;
    const ac = new AbortController();
    const timer = setInterval(() => {
      const since = newest ?? new Date(Date.now() - 60_000).toISOString();
      searchLogs({ ...req, start: since, limit: 500 }, ac.signal)
        .then((r) => {
          setTailed((prev) => {
            const seen = new Set([...prev, ...searched].map((l) => l.id));
            const fresh = r.results.filter((l) => !seen.has(l.id));
            return fresh.length ? [...fresh, ...prev].slice(0, TAIL_MAX) : prev;
          });
        })
        .catch(() => {}); // the next tick tries again; the search's own error shows above
    }, TAIL_EVERY_MS);
    return () => {
      clearInterval(timer);
      ac.abort();
    };
  }, [tail, key, newest, searched]);
  const first = search.data?.pages[0];
  return {
    request,
    lines,
    total: first ? first.total + tailed.length : 0,
    canTail: !!first?.backends.some((b) => b.type === 'file') && !request?.end,
    search,
  };
}
