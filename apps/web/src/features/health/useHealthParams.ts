import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { decodeLabels, encodeLabels } from './labels.js';
import { isPivotBy, isPivotCellType, type PivotBy, type PivotCellType } from './pivot.js';
import { DEFAULT_TIME_RANGE, isTimeRange, type SortKey } from './utils.js';

const SORT_KEYS: SortKey[] = ['name', 'health', 'uptime', 'latency', 'last_transition_time'];

/** Every setting of the health page, read from and written to the URL. */
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
  /** The pivot view's columns; null shows the table or cards instead. */
  pivotBy: PivotBy | null;
  /** The label key of the columns when pivotBy is `label`. */
  pivotLabel: string;
  pivotCellType: PivotCellType;
}

/** Values that differ from the defaults go in the URL; undefined/null removes a parameter. */
export type HealthParamsPatch = { [K in keyof HealthParams]?: HealthParams[K] | null };

export function useHealthParams(): [HealthParams, (patch: HealthParamsPatch) => void] {
  const [search, setSearch] = useSearchParams();
  // decoded once per value, so opening a check (a new checkId) does not look like a new label filter
  const labelsRaw = search.get('labels');
  const labels = useMemo(() => decodeLabels(labelsRaw), [labelsRaw]);
  const params = useMemo<HealthParams>(() => {
    const sortBy = search.get('sortBy') as SortKey | null;
    const range = search.get('timeRange');
    const pivotBy = search.get('pivotBy');
    const cellType = search.get('pivotCellType');
    return {
      checkId: search.get('checkId'),
      timeRange: isTimeRange(range) ? range : DEFAULT_TIME_RANGE,
      layout: search.get('layout') === 'card' ? 'card' : 'table',
      query: search.get('query') ?? '',
      labels,
      sortBy: sortBy && SORT_KEYS.includes(sortBy) ? sortBy : 'name',
      sortDesc: search.get('sortDesc') === 'true',
      groupBy: search.get('groupBy') ?? 'canary_name',
      tabBy: search.get('tabBy') ?? 'namespace',
      tab: search.get('tab') ?? 'All',
      hidePassing: search.get('hidePassing') !== 'false',
      refresh: search.get('refresh') ?? '',
      pivotBy: isPivotBy(pivotBy) ? pivotBy : null,
      pivotLabel: search.get('pivotLabel') ?? '',
      pivotCellType: isPivotCellType(cellType) ? cellType : 'status',
    };
  }, [search, labels]);

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
