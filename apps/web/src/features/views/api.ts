import type { ViewResult, ViewRowsPage } from '@opsdeck/schema/view';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';

/** Which view: its id, or its namespace and name (sections and application reports refer by name). */
export type ViewRef = { id: string } | { namespace?: string; name: string };

const path = (ref: ViewRef) =>
  'id' in ref
    ? `/api/view/${encodeURIComponent(ref.id)}`
    : `/api/view/${encodeURIComponent(ref.namespace ?? 'default')}/${encodeURIComponent(ref.name)}`;

/**
 * A failed refresh answers 502 with the view answer itself (its refreshError and the last good
 * result), which the page shows as "View refresh failed"; any other error stays an error.
 */
async function viewAnswer(ask: Promise<ViewResult>): Promise<ViewResult> {
  try {
    return await ask;
  } catch (err) {
    const body = err instanceof ApiError ? (err.body as Partial<ViewResult> | undefined) : undefined;
    if (body && typeof body === 'object' && body.refreshStatus === 'error' && body.id) return body as ViewResult;
    throw err;
  }
}

export const viewQueries = {
  /** The view answer (everything but rows) for a set of variables. */
  view: (ref: ViewRef, variables: Record<string, string>) =>
    queryOptions({
      queryKey: ['view', ref, variables],
      queryFn: ({ signal }) => viewAnswer(api.post<ViewResult>(path(ref), { variables }, { signal })),
      placeholderData: keepPreviousData,
    }),
  /** One page of rows of a view answer. */
  rows: (
    viewId: string,
    fingerprint: string,
    lastRefreshedAt: string | undefined,
    params: { limit: number; offset: number; sort?: string; order?: 'asc' | 'desc'; filters: Record<string, string> },
  ) =>
    queryOptions({
      queryKey: ['view-rows', viewId, fingerprint, lastRefreshedAt, params],
      queryFn: ({ signal }) =>
        api.get<ViewRowsPage>(`/api/views/${encodeURIComponent(viewId)}/rows`, {
          signal,
          params: {
            fingerprint,
            limit: params.limit,
            offset: params.offset,
            sort: params.sort,
            order: params.sort ? params.order : undefined,
            ...Object.fromEntries(Object.entries(params.filters).map(([k, v]) => [`filter.${k}`, v])),
          },
        }),
      placeholderData: keepPreviousData,
    }),
  /** The views shown as tabs on a config item's page (their `display.plugins` match it). */
  configTabs: (configId: string) =>
    queryOptions({
      queryKey: ['view-config-tabs', configId],
      queryFn: ({ signal }) => api.get<ConfigTabView[]>('/api/view/list', { signal, params: { config_id: configId } }),
      staleTime: 60_000,
    }),
  /** The variables and row filters a config tab gives its view for one config item. */
  tabVariables: (viewId: string, configId: string) =>
    queryOptions({
      queryKey: ['view-tab-variables', viewId, configId],
      queryFn: ({ signal }) =>
        api.get<{ variables: Record<string, string>; filters: Record<string, string> }>(
          `/api/view/display-plugin-variables/${encodeURIComponent(viewId)}`,
          { signal, params: { config_id: configId } },
        ),
    }),
};

/** A view that is a tab of a config page (GET /api/view/list?config_id=). */
export interface ConfigTabView {
  id: string;
  namespace: string;
  name: string;
  title: string;
  icon: string | null;
}

/** Refresh: ask the server for a result no older than a second (it still honours the view's minAge). */
export function refreshView(ref: ViewRef, variables: Record<string, string>): Promise<ViewResult> {
  return viewAnswer(api.post<ViewResult>(path(ref), { variables }, { headers: { 'cache-control': 'max-age=1' } }));
}
