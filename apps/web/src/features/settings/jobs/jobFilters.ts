import { resolveDateMath } from '@opsdeck/schema';
import { decodeTriStateFilter, type TriStateFilter } from '../../../utils/triStateFilter.js';

// The Jobs History filter bar as URL parameters and as PostgREST filters: Job Name, Resource Type,
// Status (tri-state, default SUCCESS:-1), Duration (at least), and the time range (default now-2d).

export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export const JOB_RESOURCE_TYPES = ['canary', 'topology', 'config_scraper'] as const;
export const DEFAULT_STATUS = 'SUCCESS:-1';
export const DEFAULT_RANGE = 'now-2d';

/** Time ranges offered, newest first (relative to now). */
export const JOB_RANGES = [
  { value: 'now-15m', label: 'Last 15 minutes' },
  { value: 'now-1h', label: 'Last hour' },
  { value: 'now-6h', label: 'Last 6 hours' },
  { value: 'now-1d', label: 'Last day' },
  { value: 'now-2d', label: 'Last 2 days' },
  { value: 'now-7d', label: 'Last 7 days' },
  { value: 'now-30d', label: 'Last 30 days' },
] as const;

/** Minimum durations offered (milliseconds). */
export const JOB_DURATIONS = [
  { value: '', label: 'Any duration' },
  { value: '1000', label: '≥ 1s' },
  { value: '10000', label: '≥ 10s' },
  { value: '60000', label: '≥ 1m' },
  { value: '300000', label: '≥ 5m' },
  { value: '900000', label: '≥ 15m' },
  { value: '3600000', label: '≥ 1h' },
] as const;

/** The filters read from the URL. */
export interface JobFilters {
  name: string;
  resourceType: string;
  status: TriStateFilter;
  /** Raw `status` parameter (defaults to SUCCESS:-1; empty means every status). */
  statusParam: string;
  duration: string;
  range: string;
}

/** Filters from URL parameters, with their defaults. */
export function readJobFilters(params: URLSearchParams): JobFilters {
  const statusParam = params.get('status') ?? DEFAULT_STATUS;
  return {
    name: params.get('name') ?? '',
    resourceType: params.get('resourceType') ?? '',
    status: decodeTriStateFilter(statusParam),
    statusParam,
    duration: params.get('duration') ?? '',
    range: params.get('range') ?? DEFAULT_RANGE,
  };
}

const list = (values: string[]) => `(${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')})`;

/** The PostgREST filters of `job_histories` for these filters at `now`. */
export function jobFilterParams(f: JobFilters, now: Date): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  if (f.name) params.name = `eq.${f.name}`;
  if (f.resourceType) params.resource_type = `eq.${f.resourceType}`;
  const include = Object.keys(f.status).filter((s) => f.status[s] === 1);
  const exclude = Object.keys(f.status).filter((s) => f.status[s] === -1);
  // both kinds need an `and`, since a parameter appears once per column in a query string
  const status: string[] = [];
  if (include.length) status.push(`status.in.${list(include)}`);
  if (exclude.length) status.push(`status.not.in.${list(exclude)}`);
  if (status.length) params.and = `(${status.join(',')})`;
  const minimum = Number(f.duration);
  if (f.duration && Number.isFinite(minimum) && minimum > 0) params.duration_millis = `gte.${minimum}`;
  const from = resolveDateMath(f.range, now);
  if (from) params.created_at = `gte.${from.toISOString()}`;
  return params;
}

/** What an empty Jobs History says: successful runs are hidden unless the Status filter shows them. */
export function jobsEmptyMessage(f: JobFilters): string {
  return f.status.SUCCESS === -1
    ? 'No data available. Successful runs are hidden by default: set Status to include SUCCESS to see them.'
    : 'No data available';
}
