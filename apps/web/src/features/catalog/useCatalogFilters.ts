import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogListFilters } from '../../utils/catalogFilters.js';
import { decodeTriStateFilter, encodeTriStateFilter, type TriStateFilter } from '../../utils/triStateFilter.js';

/** The catalog list's filters, kept in the URL so a filtered view can be bookmarked. */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters: CatalogListFilters = useMemo(
    () => ({
      configType: params.get('configType') ?? undefined,
      labels: decodeTriStateFilter(params.get('labels')),
      tags: decodeTriStateFilter(params.get('tags')),
      health: decodeTriStateFilter(params.get('health')),
      status: decodeTriStateFilter(params.get('status')),
      search: params.get('search') ?? undefined,
      showDeleted: params.get('showDeleted') === 'true',
    }),
    [params],
  );
  const update = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (!v) next.delete(k);
          else next.set(k, v);
        }
        next.delete('pageIndex');
        return next;
      },
      { replace: true },
    );
  return {
    filters,
    setType: (type: string | undefined) => update({ configType: type }),
    setTriState: (key: 'labels' | 'tags' | 'health' | 'status', value: TriStateFilter) =>
      update({ [key]: encodeTriStateFilter(value) }),
    setSearch: (search: string) => update({ search }),
    setShowDeleted: (on: boolean) => update({ showDeleted: on ? 'true' : undefined }),
  };
}
