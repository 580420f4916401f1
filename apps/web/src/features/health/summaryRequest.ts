import type { CheckHealthFilter } from '@opsdeck/schema';
import { buildUrl } from '../../api/client.js';
import { DEFAULT_TIME_RANGE, isTimeRange } from './timeRanges.js';

/** The health summary's path; the summary request is built here alone so an early one matches the page's. */
export const SUMMARY_PATH = '/api/canary/api/summary';

/** What the page asks the summary for: a range, one check, or only failing checks. */
export interface SummaryQuery {
  timeRange: string;
  checkId?: string;
  /** Only checks whose last run failed: the server leaves the passing ones (most, usually) out. */
  failingOnly?: boolean;
}

/** The summary request's query string parameters. */
export const summaryParams = (q: SummaryQuery) => ({
  timeRange: q.timeRange,
  ...(q.checkId ? { checkId: q.checkId } : {}),
  ...(q.failingOnly ? { status: 'unhealthy' as CheckHealthFilter } : {}),
});

/** The summary request's URL (path and query). */
export const summaryUrl = (q: SummaryQuery) => buildUrl(SUMMARY_PATH, summaryParams(q));

/**
 * The summary a /health (or /view/health) URL opens with: its range, failing checks alone unless
 * Hide Passing is off; undefined elsewhere and for the standalone check detail, which has no list.
 */
export function openingSummary(location: { pathname: string; search: string }): SummaryQuery | undefined {
  if (!/^\/(view\/)?health\/?$/.test(location.pathname)) return undefined;
  const search = new URLSearchParams(location.search);
  if (location.pathname.startsWith('/view/') && search.get('checkId')) return undefined;
  const range = search.get('timeRange');
  return {
    timeRange: isTimeRange(range) ? range : DEFAULT_TIME_RANGE,
    failingOnly: search.get('hidePassing') !== 'false',
  };
}
