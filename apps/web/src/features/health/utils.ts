import { parseDuration } from '@opsdeck/schema';
import { parseLabelId } from './labels.js';
import { parseSearch, searchMatcher } from './searchQuery.js';
import { DEFAULT_TIME_RANGE, HOUR, MINUTE, timeRangeMs } from './timeRanges.js';
import type { CheckSummary } from './types.js';

export { DEFAULT_TIME_RANGE, isTimeRange, TIME_RANGES, timeRangeMs } from './timeRanges.js';

/** Buckets of a check's default range. */
const DETAIL_BUCKETS = [
  '1h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
];

/** The smallest bucket that still holds the check's last run, so the detail opens on data. */
export function defaultCheckRange(lastRuntime: string | undefined, now: number): string {
  if (!lastRuntime) return DEFAULT_TIME_RANGE;
  const age = now - new Date(lastRuntime).getTime();
  if (!Number.isFinite(age)) return DEFAULT_TIME_RANGE;
  return DETAIL_BUCKETS.find((b) => timeRangeMs(b) >= age) ?? '5y';
}

/** Refresh interval options; '' is none. */
export const REFRESH_INTERVALS: ReadonlyArray<[string, number]> = [
  ['', 0],
  ['15s', 15_000],
  ['30s', 30_000],
  ['60s', 60_000],
  ['2m', 2 * MINUTE],
  ['3m', 3 * MINUTE],
  ['5m', 5 * MINUTE],
  ['10m', 10 * MINUTE],
  ['15m', 15 * MINUTE],
];
export const refreshMs = (v: string | null) => REFRESH_INTERVALS.find(([k]) => k === v)?.[1] ?? 0;

/** Uptime as a percent with one decimal ('99.5%'), '' with no runs. */
export function formatUptime(u: { passed: number; failed: number } | undefined): string {
  const total = (u?.passed ?? 0) + (u?.failed ?? 0);
  if (!u || total === 0) return '';
  const pct = 100 * (1 - u.failed / total);
  return `${pct.toFixed(1)}%`;
}

/** Latency in ms, s, m or h ('120ms', '1.5s', '2.5m', '1.2h'). */
export function formatLatency(ms: number | undefined | null): string {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const trim = (n: number) => `${Number(n.toFixed(1))}`;
  if (ms < MINUTE) return `${trim(ms / 1000)}s`;
  if (ms < HOUR) return `${trim(ms / MINUTE)}m`;
  return `${trim(ms / HOUR)}h`;
}

export type DotColor = 'green' | 'red' | 'grey' | 'orange';

/** Status dot colour. */
export function statusColor(status: string | null | undefined): DotColor {
  switch ((status ?? 'unknown').toLowerCase()) {
    case 'degraded':
    case 'missing':
    case 'unhealthy':
      return 'red';
    case 'unknown':
    case 'suspended':
      return 'grey';
    case 'warning':
      return 'orange';
    default:
      return 'green';
  }
}

export interface CheckFilter {
  query: string;
  hidePassing: boolean;
  labels: Record<string, 1 | -1>;
}

/** A check whose last run failed: what Hide Passing leaves on screen. */
export const isFailing = (c: CheckSummary) => c.status === 'unhealthy';

/**
 * Checks that pass the filters: the search (free text over name, description and endpoint, plus
 * field filters, see searchQuery.ts); Hide Passing keeps only failing checks (it drops healthy ones
 * and those that have never run, which have nothing to report yet); within one label key an
 * included value must match (any of them), and no excluded value may.
 */
export function filterChecks(checks: readonly CheckSummary[], f: CheckFilter): CheckSummary[] {
  const search = searchMatcher(parseSearch(f.query));
  const include = new Map<string, Set<string>>();
  const exclude: Array<[string, string]> = [];
  for (const [id, state] of Object.entries(f.labels)) {
    const label = parseLabelId(id);
    if (!label) continue;
    const [key, value] = label;
    if (state === 1) {
      const set = include.get(key) ?? new Set<string>();
      include.set(key, set);
      set.add(value);
    } else exclude.push([key, value]);
  }
  return checks.filter((c) => {
    if (f.hidePassing && !isFailing(c)) return false;
    for (const [key, values] of include) if (!values.has(c.labels?.[key] as string)) return false;
    for (const [key, value] of exclude) if (c.labels?.[key] === value) return false;
    return search(c);
  });
}

export const ALL_TAB = 'All';

/** The value a check is tabbed under for `tabBy` (namespace, agent or a label key). */
export function tabValue(c: CheckSummary, tabBy: string): string | undefined {
  if (tabBy === 'namespace') return c.namespace ?? undefined;
  if (tabBy === 'agent') return c.agent_id;
  return c.labels?.[tabBy];
}

/** Tabs: All first, then each value in order. */
export function tabsFor(checks: readonly CheckSummary[], tabBy: string): string[] {
  const set = new Set<string>();
  for (const c of checks) {
    const v = tabValue(c, tabBy);
    if (v) set.add(v);
  }
  return [ALL_TAB, ...[...set].sort()];
}

export type GroupStatus = 'good' | 'mixed' | 'bad' | 'unknown';

export interface CheckGroup {
  key: string;
  checks: CheckSummary[];
  status: GroupStatus;
  uptime: { passed: number; failed: number };
  /** The checks' type when they share one, else 'mixed'. */
  type: string;
}

/** The value a check is grouped by (no-group, canary_name, name, description, type or a label key). */
export function groupValue(c: CheckSummary, groupBy: string): string {
  switch (groupBy) {
    case 'canary_name':
      return c.canary_name;
    case 'name':
      return c.name;
    case 'description':
      return c.description ?? '';
    case 'type':
      return c.type;
    default:
      return c.labels?.[groupBy] ?? '';
  }
}

/**
 * A group's rolled-up status over the checks that have run: all healthy is good, all unhealthy is
 * bad, both is mixed. A check that has never run (no status) counts for neither, so a group of
 * only such checks is unknown (a grey dot), as each of its checks is.
 */
export function groupStatus(checks: readonly CheckSummary[]): GroupStatus {
  let healthy = 0;
  let unhealthy = 0;
  for (const c of checks) {
    if (c.status === 'healthy') healthy++;
    else if (c.status === 'unhealthy') unhealthy++;
  }
  if (healthy === 0 && unhealthy === 0) return 'unknown';
  return unhealthy === 0 ? 'good' : healthy === 0 ? 'bad' : 'mixed';
}

/** Groups with their rolled-up status, summed uptime and shared type. */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] {
  const map = new Map<string, CheckSummary[]>();
  for (const c of checks) {
    const k = groupValue(c, groupBy);
    const list = map.get(k);
    if (list) list.push(c);
    else map.set(k, [c]);
  }
  return [...map.entries()].map(([key, list]) => {
    const types = new Set(list.map((c) => c.type));
    return {
      key,
      checks: list,
      status: groupStatus(list),
      uptime: list.reduce((u, c) => ({ passed: u.passed + c.uptime.passed, failed: u.failed + c.uptime.failed }), {
        passed: 0,
        failed: 0,
      }),
      type: types.size === 1 ? (list[0] as CheckSummary).type : 'mixed',
    };
  });
}

export type SortKey = 'name' | 'health' | 'uptime' | 'latency' | 'last_transition_time';

const uptimeRatio = (u: { passed: number; failed: number }) =>
  u.passed + u.failed === 0 ? -1 : u.passed / (u.passed + u.failed);

/** Sort value of a check for a column. */
function sortValue(c: CheckSummary, key: SortKey): string | number {
  switch (key) {
    case 'health':
      return c.status === 'healthy' ? 1 : c.status === 'unhealthy' ? 0 : -1;
    case 'uptime':
      return uptimeRatio(c.uptime);
    case 'latency':
      return c.latency.p99 ?? -1;
    case 'last_transition_time':
      return c.last_transition_time ?? '';
    default:
      return c.name.toLowerCase();
  }
}

/**
 * Checks sorted by a column, ties in name order whichever way the column sorts. Sort values are
 * computed once per check, not per comparison: 10,000 checks sort in a few milliseconds.
 */
export function sortChecks(checks: readonly CheckSummary[], key: SortKey, desc: boolean): CheckSummary[] {
  const dir = desc ? -1 : 1;
  const keyed = checks.map((c) => ({ c, v: sortValue(c, key), n: c.name.toLowerCase() }));
  keyed.sort((a, b) => {
    if (a.v !== b.v) return a.v < b.v ? -dir : dir;
    if (a.n !== b.n) return a.n < b.n ? -1 : 1;
    return a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : 0;
  });
  return keyed.map((k) => k.c);
}

/** Duration filter of the History tab: 'All' or ms/s values; seconds become ms. */
export const DURATION_FILTER_ERROR = 'duration is allowed only in milli seconds & seconds';
export const DURATION_FILTER_OPTIONS = ['All', '100ms', '500ms', '1s', '5s', '10s', '30s'];
export function parseDurationFilter(text: string): { ms?: number; error?: string } {
  const s = text.trim();
  if (s === '' || s.toLowerCase() === 'all') return {};
  const ms = /^\d+(\.\d+)?\s*(ms|s)$/i.test(s) ? parseDuration(s.replace(/\s+/g, '').toLowerCase()) : undefined;
  return ms === undefined ? { error: DURATION_FILTER_ERROR } : { ms: Math.round(ms) };
}
