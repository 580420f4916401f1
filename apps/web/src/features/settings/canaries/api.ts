import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { resourceQueries } from '../resources/api.js';

/** A check derived from a canary on save. */
export interface DerivedCheck {
  id: string;
  type: string;
  name: string;
  status: string | null;
}

/** Queries of a health check beyond its row; under the generic editor's key, so a save refreshes them. */
export const canaryQueries = {
  all: resourceQueries.all('canaries'),
  checks: (id: string) =>
    queryOptions({
      queryKey: [...canaryQueries.all, 'checks', id],
      queryFn: ({ signal }) =>
        api.get<DerivedCheck[]>('/api/db/checks', {
          params: { canary_id: `eq.${id}`, deleted_at: 'is.null', select: 'id,type,name,status', order: 'type,name' },
          signal,
        }),
    }),
};
