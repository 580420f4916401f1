import type { ViewColumnType, ViewSelector } from '@opsdeck/schema';
import { type ResourceKind, searchResources } from '../../catalog/query/search.js';
import type { ViewSource } from './types.js';

/** At most this many items per catalog query (a selector's own `limit` may ask for fewer). */
const MAX_ITEMS = 5000;

/** What a catalog search answers for each resource (search.ts), typed for the merge's tables. */
const RESOURCE_COLUMNS: Record<string, ViewColumnType> = {
  id: 'string',
  agent: 'string',
  icon: 'string',
  name: 'string',
  namespace: 'string',
  type: 'string',
  tags: 'labels',
  created_at: 'datetime',
  updated_at: 'datetime',
  deleted_at: 'datetime',
  health: 'string',
  status: 'string',
  severity: 'string',
};

/** `configs` and `checks`: the catalog's ResourceSelector search (the same code as /resources/search). */
function catalogSource<K extends 'configs' | 'checks'>(key: K, kind: ResourceKind): ViewSource<K> {
  return {
    key,
    columns: RESOURCE_COLUMNS,
    run: (selector, ctx) => searchResources(ctx.db, kind, [selector as ViewSelector], selector.limit ?? MAX_ITEMS),
  };
}

export const configsSource = catalogSource('configs', 'configs');
export const checksSource = catalogSource('checks', 'checks');
