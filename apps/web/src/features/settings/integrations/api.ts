import { fetchPage } from '../../../api/postgrest.js';

/** A row of `integrations_with_status`. */
export interface IntegrationRow {
  id: string;
  name: string;
  namespace: string | null;
  integration_type: 'scrapers' | 'topologies' | 'logging_backends';
  source: string | null;
  job_status: string | null;
  job_time_start: string | null;
  creator_name: string | null;
  created_at: string;
  updated_at: string;
}

/** One page of the live integrations with their last job. */
export function fetchIntegrations(
  page: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' },
  signal?: AbortSignal,
) {
  return fetchPage<IntegrationRow>('/api/db/integrations_with_status', {
    select: 'id,name,namespace,integration_type,source,job_status,job_time_start,creator_name,created_at,updated_at',
    filters: { deleted_at: 'is.null' },
    ...page,
    signal,
  });
}
