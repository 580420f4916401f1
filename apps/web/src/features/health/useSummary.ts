import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSummary } from './api.js';

/**
 * The summary for a time range (and optionally one check, or only the failing checks). A new
 * range or filter aborts the request in flight; the previous rows stay on screen while the next
 * ones load, and unchanged rows keep their identity across refreshes (structural sharing) so
 * memoised rows do not re-render.
 */
export function useSummary(
  timeRange: string,
  opts: { refreshMs?: number; checkId?: string; failingOnly?: boolean; enabled?: boolean } = {},
) {
  const failingOnly = opts.failingOnly ?? false;
  return useQuery({
    queryKey: ['health', 'summary', timeRange, opts.checkId ?? null, failingOnly ? 'failing' : 'all'],
    queryFn: ({ signal }) => fetchSummary({ timeRange, checkId: opts.checkId, failingOnly }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refreshMs || false,
    enabled: opts.enabled ?? true,
  });
}
