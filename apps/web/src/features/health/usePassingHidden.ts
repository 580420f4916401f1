import { useMemo } from 'react';
import type { SummaryData } from './api.js';
import type { HealthParams } from './useHealthParams.js';
import { useSummary } from './useSummary.js';
import { filterChecks } from './utils.js';

/**
 * With Hide Passing on and no failing check left by the search and label filters: how many
 * passing checks those filters match, for the empty state to say so (0 when there is nothing to
 * say, undefined while it is being counted). The page holds only the failing checks then, so
 * without a search or label filter that is every live check, and with one the whole summary is
 * asked for to count them: rarely, as it is the largest request of the page.
 */
export function usePassingHidden(
  params: HealthParams,
  data: SummaryData | undefined,
  matching: number,
  enabled: boolean,
): number | undefined {
  const filtering = params.query !== '' || Object.keys(params.labels).length > 0;
  const hiding = params.hidePassing && data !== undefined && matching === 0;
  const counting = enabled && hiding && filtering && (data?.total ?? 0) > 0;
  const everything = useSummary(params.timeRange, { enabled: counting });
  const all = everything.data?.checks;
  return useMemo(() => {
    if (!hiding || !data) return 0;
    if (!filtering) return data.total;
    if (data.total === 0) return 0;
    if (!all) return undefined;
    return filterChecks(all, { query: params.query, hidePassing: false, labels: params.labels }).length;
  }, [hiding, data, filtering, all, params.query, params.labels]);
}
