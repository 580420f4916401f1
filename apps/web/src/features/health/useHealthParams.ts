import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TIME_RANGE, decodeLabels, encodeLabels, isTimeRange, type SortKey } from './utils.js';

const SORT_KEYS: SortKey[] = ['name', 'health', 'uptime', 'latency', 'last_transition_time'];

/** Every setting of the health page, read from and written to the URL (spec part 2 section 2). */
export interface HealthParams {
  checkId: string | null;
  timeRange: string;
  layout: 'table' | 'card';
  query: string;
  labels: Record<string, 1 | -1>;
  sortBy: SortKey;
  sortDesc: boolean;
  groupBy: string;
  tabBy: string;
  tab: string;
  hidePassing: boolean;
  refresh: string;
}

/** Values that differ from the defaults go in the URL; undefined/null removes a parameter. */
export type HealthParamsPatch = { [K in keyof HealthParams]?: HealthParams[K] | null };

export function useHealthParams(): [HealthParams, (patch: HealthParamsPatch) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<HealthParams>(() => {
    const sortBy = search.get('sortBy') as SortKey | null;
    const range = search.get('timeRange');
    return {
      checkId: search.get('checkId'),
      timeRange: isTimeRange(range) ? range : DEFAULT_TIME_RANGE,
      layout: search.get('layout') === 'card' ? 'card' : 'table',
      query: search.get('query') ?? '',
      labels: decodeLabels(search.get('labels')),
      sortBy: sortBy && SORT_KEYS.includes(sortBy) ? sortBy : 'name',
      sortDesc: search.get('sortDesc') === 'true',
      groupBy: search.get('groupBy') ?? 'canary_name',
      tabBy: search.get('tabBy') ?? 'namespace',
      tab: search.get('tab') ?? 'All',
      hidePassing: search.get('hidePassing') !== 'false',
      refresh: search.get('refresh') ?? '',
    };
  }, [search]);

  const update = useCallback(
    (patch: HealthParamsPatch) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            let text: string | null;
            if (key === 'labels') text = value ? encodeLabels(value as Record<string, 1 | -1>) : null;
            else text = value === null || value === undefined || value === '' ? null : String(value);
            if (text === null) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return [params, update];
}
