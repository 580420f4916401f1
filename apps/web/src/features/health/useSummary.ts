import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSummary, fetchSummaryEarly, type SummaryData } from './api.js';
import { DEFAULT_TIME_RANGE, isTimeRange } from './utils.js';

/** An early answer older than this is not used: the page asks again. */
const EARLY_MAX_AGE_MS = 15_000;

let early: { key: string; at: number; data: Promise<SummaryData | undefined> } | null = null;

const earlyKey = (timeRange: string, failingOnly: boolean) => `${timeRange}|${failingOnly}`;

/**
 * Starts the summary of a /health URL while the app is still loading the session: it is by far the
 * slowest request of the page, and the page can only ask for it once the session and feature flags
 * are in. The first list query for the same range and filter takes the answer; anything but a 2xx
 * (signed out, forbidden) is dropped, and the page asks again the usual way, with the usual 401
 * handling.
 */
export function prefetchSummary(location: { pathname: string; search: string }, now = Date.now()): void {
  if (!/^\/(view\/)?health\/?$/.test(location.pathname)) return;
  const search = new URLSearchParams(location.search);
  if (location.pathname.startsWith('/view/') && search.get('checkId')) return; // the detail alone
  const range = search.get('timeRange');
  const timeRange = isTimeRange(range) ? range : DEFAULT_TIME_RANGE;
  const failingOnly = search.get('hidePassing') !== 'false';
  early = { key: earlyKey(timeRange, failingOnly), at: now, data: fetchSummaryEarly({ timeRange, failingOnly }) };
}

/** The early answer for this range and filter, once. */
function takeEarly(key: string): Promise<SummaryData | undefined> | undefined {
  const e = early;
  early = null;
  if (!e || e.key !== key || Date.now() - e.at > EARLY_MAX_AGE_MS) return undefined;
  return e.data;
}

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
    queryFn: async ({ signal }) => {
      if (!opts.checkId) {
        const data = await takeEarly(earlyKey(timeRange, failingOnly));
        if (data) return data;
      }
      return fetchSummary({ timeRange, checkId: opts.checkId, failingOnly }, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: opts.refreshMs || false,
    enabled: opts.enabled ?? true,
  });
}
