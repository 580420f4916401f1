import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSummary, fetchSummaryEarly } from './api.js';
import type { CheckSummary } from './types.js';
import { DEFAULT_TIME_RANGE, isTimeRange } from './utils.js';

/** An early answer older than this is not used: the page asks again. */
const EARLY_MAX_AGE_MS = 15_000;

let early: { timeRange: string; at: number; rows: Promise<CheckSummary[] | undefined> } | null = null;

/**
 * Starts the summary of a /health URL while the app is still loading the session: it is by far the
 * slowest request of the page, and the page can only ask for it once the session and feature flags
 * are in. The first list query for the same range takes the answer; anything but a 2xx (signed out,
 * forbidden) is dropped, and the page asks again the usual way, with the usual 401 handling.
 */
export function prefetchSummary(location: { pathname: string; search: string }, now = Date.now()): void {
  if (!/^\/(view\/)?health\/?$/.test(location.pathname)) return;
  const search = new URLSearchParams(location.search);
  if (location.pathname.startsWith('/view/') && search.get('checkId')) return; // the detail alone
  const range = search.get('timeRange');
  const timeRange = isTimeRange(range) ? range : DEFAULT_TIME_RANGE;
  const rows = fetchSummaryEarly(timeRange);
  early = { timeRange, at: now, rows };
}

/** The early answer for `timeRange`, once. */
function takeEarly(timeRange: string): Promise<CheckSummary[] | undefined> | undefined {
  const e = early;
  early = null;
  if (!e || e.timeRange !== timeRange || Date.now() - e.at > EARLY_MAX_AGE_MS) return undefined;
  return e.rows;
}

/**
 * The summary for a time range (and optionally one check). A new range aborts the request in
 * flight; the previous rows stay on screen while the next ones load, and unchanged rows keep their
 * identity across refreshes (structural sharing) so memoised rows do not re-render.
 */
export function useSummary(timeRange: string, opts: { refreshMs?: number; checkId?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['health', 'summary', timeRange, opts.checkId ?? null],
    queryFn: async ({ signal }) => {
      if (!opts.checkId) {
        const rows = await takeEarly(timeRange);
        if (rows) return rows;
      }
      return fetchSummary({ timeRange, checkId: opts.checkId }, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: opts.refreshMs || false,
    enabled: opts.enabled ?? true,
  });
}
