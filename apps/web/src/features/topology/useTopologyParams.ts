import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type LabelFilter, parseLabelFilter, type SortBy } from './utils/cards.js';

/** The page's URL state (status, team, labels, showHiddenComponents, sortBy, sortOrder). */
export interface TopologyParams {
  status: string;
  team: string;
  /** agent id filter (`agent_id`); empty: every agent. */
  agent: string;
  labels: LabelFilter;
  labelsText: string;
  showHidden: boolean;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
}

const SORTS: SortBy[] = ['status', 'name', 'type', 'updated_at'];

export function useTopologyParams(): [TopologyParams, (patch: Record<string, string | null>) => void] {
  const [search, setSearch] = useSearchParams();
  const sortBy = search.get('sortBy') as SortBy | null;
  const params: TopologyParams = {
    status: search.get('status') ?? '',
    team: search.get('team') ?? '',
    agent: search.get('agent_id') ?? '',
    labelsText: search.get('labels') ?? '',
    labels: parseLabelFilter(search.get('labels')),
    showHidden: search.get('showHiddenComponents') === 'yes',
    sortBy: sortBy && SORTS.includes(sortBy) ? sortBy : 'status',
    sortOrder: search.get('sortOrder') === 'asc' ? 'asc' : 'desc',
  };
  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [params, update];
}
