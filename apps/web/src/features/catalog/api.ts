import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { fetchPage } from '../../api/postgrest.js';
import { type CatalogListFilters, configListParams, summaryBody } from '../../utils/catalogFilters.js';
import type { JobDetails } from '../settings/jobs/jobDetails.js';
import type {
  ChangeDetail,
  ChangesPage,
  CheckChanges,
  ConfigDetail,
  ConfigRow,
  ConfigVersion,
  InsightRow,
  RelatedConfig,
  ScraperRow,
  SummaryRow,
} from './types.js';

const LIST_SELECT =
  'id,name,type,config_class,status,health,labels,tags,namespace,changes,analysis,created_at,updated_at,deleted_at,agent_id';

export interface ListPage {
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
}

/** The changes call's body. */
export type ChangesQuery = Record<string, string | number | boolean | undefined>;

export interface RelationshipsQuery {
  direction: 'incoming' | 'outgoing' | 'all';
  depth: number;
  hardOnly: boolean;
}

/** Query factories of the catalog; every key starts with `catalog`. */
export const catalogQueries = {
  all: ['catalog'] as const,
  /** Changes of the config items linked to a check (and one hop from them) in `window` before it failed. */
  checkChanges: (checkId: string, window: string) =>
    queryOptions({
      queryKey: ['catalog', 'check-changes', checkId, window],
      queryFn: ({ signal }) =>
        api.get<CheckChanges>(`/api/catalog/checks/${checkId}/changes`, { params: { window, depth: 1 }, signal }),
    }),
  summary: (filters: CatalogListFilters) =>
    queryOptions({
      queryKey: ['catalog', 'summary', filters],
      queryFn: ({ signal }) => api.post<SummaryRow[]>('/api/catalog/summary', summaryBody(filters), { signal }),
    }),
  list: (filters: CatalogListFilters, page: ListPage) =>
    queryOptions({
      queryKey: ['catalog', 'list', filters, page],
      queryFn: ({ signal }) =>
        fetchPage<ConfigRow>('/api/config/configs', {
          select: LIST_SELECT,
          filters: configListParams(filters),
          sortBy: page.sortBy,
          sortOrder: page.sortOrder,
          pageIndex: page.pageIndex,
          pageSize: page.pageSize,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** Distinct values of a one-column filter view (config_types, config_statuses, change_types, ...). */
  options: (view: string, column: string) =>
    queryOptions({
      queryKey: ['catalog', 'options', view],
      queryFn: async ({ signal }) => {
        const rows = await api.get<Array<Record<string, string>>>(`/api/config/${view}`, {
          params: { order: column, limit: 1000 },
          signal,
        });
        return rows.map((r) => r[column] as string).filter(Boolean);
      },
      staleTime: 60_000,
    }),
  keyValues: (view: 'config_labels' | 'config_tags') =>
    queryOptions({
      queryKey: ['catalog', 'options', view],
      queryFn: ({ signal }) =>
        api.get<Array<{ key: string; value: string }>>(`/api/config/${view}`, {
          params: { order: 'key,value', limit: 1000 },
          signal,
        }),
      staleTime: 60_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['catalog', 'detail', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<ConfigDetail[]>('/api/config/config_detail', { params: { id: `eq.${id}` }, signal });
        return rows[0] ?? null;
      },
    }),
  changes: (body: ChangesQuery) =>
    queryOptions({
      queryKey: ['catalog', 'changes', body],
      queryFn: ({ signal }) => api.post<ChangesPage>('/api/catalog/changes', body, { signal }),
      placeholderData: keepPreviousData,
    }),
  change: (id: string) =>
    queryOptions({
      queryKey: ['catalog', 'change', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<ChangeDetail[]>('/api/config/config_changes', {
          params: {
            id: `eq.${id}`,
            select:
              'id,config_id,change_type,severity,source,summary,created_at,first_observed,count,external_created_by,diff,patches,details,config:config_items(id,name,type,config_class)',
          },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  /** Diff changes of one item, newest first: the versions a config can be compared with. */
  versions: (configId: string) =>
    queryOptions({
      queryKey: ['catalog', 'versions', configId],
      queryFn: ({ signal }) =>
        api.get<Array<{ id: string; created_at: string; summary: string | null }>>('/api/config/config_changes', {
          params: {
            config_id: `eq.${configId}`,
            change_type: 'eq.diff',
            select: 'id,created_at,summary',
            order: 'created_at.desc',
            limit: 100,
          },
          signal,
        }),
    }),
  version: (configId: string, changeId: string) =>
    queryOptions({
      queryKey: ['catalog', 'version', configId, changeId],
      queryFn: ({ signal }) =>
        api.get<ConfigVersion>(`/api/catalog/configs/${configId}/versions/${changeId}`, { signal }),
    }),
  insights: (filters: Record<string, string | undefined>, page: ListPage) =>
    queryOptions({
      queryKey: ['catalog', 'insights', filters, page],
      queryFn: ({ signal }) =>
        fetchPage<InsightRow>('/api/config/config_analysis_items', {
          select:
            'id,config_id,analyzer,analysis_type,severity,status,summary,message,source,first_observed,last_observed,config_name,config_type',
          filters,
          sortBy: page.sortBy,
          sortOrder: page.sortOrder,
          pageIndex: page.pageIndex,
          pageSize: page.pageSize,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  related: (id: string, q: RelationshipsQuery) =>
    queryOptions({
      queryKey: ['catalog', 'related', id, q],
      queryFn: ({ signal }) =>
        api.get<RelatedConfig[]>('/api/config/rpc/related_configs_recursive', {
          params: {
            config_id: id,
            type_filter: q.direction,
            max_depth: q.depth,
            incoming_relation: q.hardOnly ? 'hard' : 'both',
            outgoing_relation: q.hardOnly ? 'hard' : 'both',
            select: 'id,name,type,config_class,related_ids,depth,direction,health,status,deleted_at',
          },
          signal,
        }),
    }),
  componentLinks: (configId: string) =>
    queryOptions({
      queryKey: ['catalog', 'component-links', configId],
      queryFn: async ({ signal }) => {
        const links = await api.get<Array<{ component_id: string; selector_id: string | null; created_at: string }>>(
          '/api/config/config_component_relationships',
          { params: { config_id: `eq.${configId}`, deleted_at: 'is.null' }, signal },
        );
        const names = await componentNames(
          links.map((l) => l.component_id),
          signal,
        );
        return links.map((l) => ({ ...l, component_name: names.get(l.component_id) }));
      },
    }),
  checks: (configId: string) =>
    queryOptions({
      queryKey: ['catalog', 'checks', configId],
      queryFn: ({ signal }) =>
        api.get<
          Array<{
            check_id: string;
            selector_id: string | null;
            check: { id: string; name: string; type: string; status: string | null } | null;
          }>
        >('/api/config/check_config_relationships', {
          params: {
            config_id: `eq.${configId}`,
            deleted_at: 'is.null',
            select: 'check_id,selector_id,check:checks(id,name,type,status)',
          },
          signal,
        }),
    }),
  scrapers: () =>
    queryOptions({
      queryKey: ['catalog', 'scrapers'],
      queryFn: ({ signal }) =>
        fetchPage<ScraperRow>('/api/config/config_scrapers_with_status', {
          filters: { deleted_at: 'is.null' },
          sortBy: 'name',
          pageIndex: 0,
          pageSize: 100,
          signal,
        }),
    }),
  scraper: (id: string) =>
    queryOptions({
      queryKey: ['catalog', 'scraper', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<ScraperRow[]>('/api/config/config_scrapers', {
          params: { id: `eq.${id}`, deleted_at: 'is.null' },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  scraperJobs: (id: string, pageSize: number) =>
    queryOptions({
      queryKey: ['catalog', 'scraper-jobs', id, pageSize],
      queryFn: ({ signal }) =>
        fetchPage<{
          id: string;
          name: string;
          status: string;
          time_start: string | null;
          duration_millis: number | null;
          success_count: number | null;
          error_count: number | null;
          details: JobDetails | null;
        }>('/api/db/job_histories', {
          filters: { resource_id: `eq.${id}`, resource_type: 'eq.config_scraper' },
          sortBy: 'time_start',
          sortOrder: 'desc',
          pageIndex: 0,
          pageSize,
          signal,
        }),
    }),
};

/** Creates a UI scraper; answers its id. */
export async function createScraper(row: Pick<ScraperRow, 'name' | 'namespace' | 'spec'>): Promise<string> {
  const rows = await api.post<Array<{ id: string }>>('/api/config/config_scrapers', row, {
    params: { select: 'id' },
    headers: { Prefer: 'return=representation' },
  });
  const id = rows[0]?.id;
  if (!id) throw new Error('the server did not return the new scraper');
  return id;
}

export function updateScraper(id: string, spec: Record<string, unknown>): Promise<unknown> {
  return api.patch('/api/config/config_scrapers', { spec }, { params: { id: `eq.${id}` } });
}

export function deleteScraper(id: string): Promise<unknown> {
  return api.delete('/api/config/config_scrapers', { params: { id: `eq.${id}` } });
}

/** Run Now: the scrape endpoint of the scheduling work (POST /api/catalog/scrapers/:id/run). */
export function runScraper(id: string): Promise<unknown> {
  return api.post(`/api/catalog/scrapers/${id}/run`);
}

/** "Link to catalog": a manual link of a component to a config item. */
export function linkComponent(componentId: string, configId: string): Promise<unknown> {
  return api.post('/api/config/config_component_relationships', {
    component_id: componentId,
    config_id: configId,
    selector_id: 'manual',
  });
}

export function unlinkComponent(componentId: string, configId: string): Promise<unknown> {
  return api.delete('/api/config/config_component_relationships', {
    params: { component_id: `eq.${componentId}`, config_id: `eq.${configId}` },
  });
}

/** A manual link of a health check to a config item. */
export function linkCheck(checkId: string, configId: string): Promise<unknown> {
  return api.post('/api/config/check_config_relationships', { check_id: checkId, config_id: configId });
}

export function unlinkCheck(checkId: string, configId: string): Promise<unknown> {
  return api.delete('/api/config/check_config_relationships', {
    params: { check_id: `eq.${checkId}`, config_id: `eq.${configId}` },
  });
}

/** The names of components by id; those the reader may not read keep no name (shown by id). */
export async function componentNames(ids: string[], signal?: AbortSignal): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  try {
    const rows = await api.get<Array<{ id: string; name: string }>>('/api/db/components', {
      params: { id: `in.(${ids.join(',')})`, select: 'id,name' },
      signal,
    });
    return new Map(rows.map((r) => [r.id, r.name]));
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return new Map();
    throw err;
  }
}
