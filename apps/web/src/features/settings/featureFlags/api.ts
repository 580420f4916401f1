import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';

/** A property row: feature flags are properties named `{feature}.disable`. */
export interface Property {
  name: string;
  value: string;
  created_at: string;
  updated_at: string;
}

const BASE = '/api/db/properties';

/** Query keys start with 'properties' so a change also refreshes the shell's feature flags. */
export const propertyQueries = {
  all: ['properties'] as const,
  list: (q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...propertyQueries.all, 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<Property>(BASE, {
          select: 'name,value,created_at,updated_at',
          filters: { deleted_at: 'is.null' },
          ...q,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** A property as `GET /api/properties` lists it: `local` ones come from the environment and are read-only. */
export interface PropertyView {
  name: string;
  value: string;
  source: 'local' | 'db';
}

/** Properties set by the environment (OPSDECK_PROPERTIES), which shadow database rows. */
export const localPropertiesQuery = () =>
  queryOptions({
    queryKey: [...propertyQueries.all, 'local'],
    queryFn: ({ signal }) =>
      api.get<PropertyView[]>('/api/properties', { signal }).then((rows) => rows.filter((r) => r.source === 'local')),
  });

/** Creates a property; the name is its key, so a taken name answers 409. */
export function createProperty(p: { name: string; value: string }) {
  return api.post(BASE, p, { headers: { Prefer: 'return=minimal' } });
}

/** Changes a property's value. */
export function updateProperty(name: string, value: string) {
  return api.patch(BASE, { value }, { params: { name: `eq.${name}` }, headers: { Prefer: 'return=minimal' } });
}

/** Removes a property for good: the name is the key, so a soft-deleted row would block re-adding it. */
export function deleteProperty(name: string) {
  return api.delete(BASE, { params: { name: `eq.${name}` } });
}
