import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import type { CheckSummary } from './types.js';

interface SummaryResponse {
  checks_summary: CheckSummary[] | null;
}

/**
 * The summary for a time range (and optionally one check). A new range aborts the request in
 * flight; the previous rows stay on screen while the next ones load, and unchanged rows keep their
 * identity across refreshes (structural sharing) so memoised rows do not re-render.
 */
export function useSummary(timeRange: string, opts: { refreshMs?: number; checkId?: string } = {}) {
  return useQuery({
    queryKey: ['health', 'summary', timeRange, opts.checkId ?? null],
    queryFn: async ({ signal }) => {
      const res = await api.get<SummaryResponse>('/api/canary/api/summary', {
        params: { timeRange, checkId: opts.checkId },
        signal,
      });
      return res.checks_summary ?? [];
    },
    placeholderData: keepPreviousData,
    refetchInterval: opts.refreshMs || false,
  });
}
