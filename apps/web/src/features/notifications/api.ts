import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { fetchPage } from '../../api/postgrest.js';
import type { SendStatus } from './utils/statuses.js';

/** One send as the history lists show it (the notification_send_history_summary view). */
export interface SendRow {
  id: string;
  notification_id: string;
  status: SendStatus;
  source_event: string;
  resource_id: string;
  resource_kind: string | null;
  resource_type: string | null;
  resource_name: string | null;
  resource_health: string | null;
  resource_status: string | null;
  recipient: string | null;
  /** Who it was for by name (a person, team or playbook); the recipient label otherwise. */
  recipient_name: string | null;
  silenced_by: string | null;
  error: string | null;
  retries: number;
  count: number;
  duration_millis: number | null;
  first_observed: string | null;
  created_at: string;
  title: string | null;
  notification_name: string;
  notification_namespace: string | null;
}

/** One send with its rendered body (GET /api/notification/send_history/:id). */
export interface SendDetail extends Omit<SendRow, 'resource_name' | 'notification_name' | 'notification_namespace'> {
  body_markdown: string;
  resource: { kind?: string; type?: string; name?: string } | null;
  notification: { id: string; name: string; namespace: string | null };
  playbook_run_id: string | null;
}

/** Filters of the send history (POST /api/notification/summary), as the URL keeps them. */
export interface HistoryFilters {
  search: string;
  status: string;
  resourceType: string;
  includeDeletedResources: boolean;
  pageIndex: number;
  pageSize: number;
}

/** A notification rule with its counters and last error (notifications_summary). */
export interface Rule {
  id: string;
  name: string;
  namespace: string | null;
  events: string[];
  title: string | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: Array<{ email?: string; connection?: string; url?: string }> | null;
  /** The rule's person and team by name (null when it names none). */
  person: { name: string; email: string | null } | null;
  team: { name: string } | null;
  repeat_interval: string | null;
  error: string | null;
  error_at: string | null;
  paused: boolean;
  sent: number;
  failed: number;
  pending: number;
  silenced: number;
  last_sent_at: string | null;
  last_failed_at: string | null;
  source: string | null;
  created_at: string;
}

/** A silence (notification_silences). `until` null means indefinitely. */
export interface Silence {
  id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  filter: string | null;
  from: string | null;
  until: string | null;
  recursive: boolean;
  check_id: string | null;
  canary_id: string | null;
  config_id: string | null;
  component_id: string | null;
  error: string | null;
  source: string | null;
  created_at: string;
  deleted_at: string | null;
}

/** Body of POST /api/notification/silence. */
export interface SilenceInput {
  from?: string;
  until?: string | null;
  recursive: boolean;
  filter?: string;
  description?: string;
  check_id?: string;
  canary_id?: string;
  config_id?: string;
  component_id?: string;
}

/** A check or canary to pick in the silence form. */
export interface NamedResource {
  id: string;
  name: string;
  namespace?: string | null;
  type?: string | null;
}

/** Query keys start with 'notifications'; every mutation here invalidates that prefix. */
export const notificationQueries = {
  all: ['notifications'] as const,
  history: (f: HistoryFilters) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'history', f],
      queryFn: ({ signal }) =>
        api.post<{ total: number; results: SendRow[] }>(
          '/api/notification/summary',
          {
            search: f.search || undefined,
            status: f.status || undefined,
            resourceType: f.resourceType || undefined,
            includeDeletedResources: f.includeDeletedResources,
            pageIndex: f.pageIndex,
            pageSize: f.pageSize,
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  /** The sends of one resource, through the PostgREST view (the summary call has no resource filter). */
  resourceHistory: (q: { resourceId: string; status: string; pageIndex: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'resource', q],
      queryFn: ({ signal }) =>
        fetchPage<SendRow>('/api/db/notification_send_history_summary', {
          select:
            'id,notification_id,status,source_event,resource_id,resource_kind,resource_type,resource_name,resource_health,resource_status,recipient,recipient_name,silenced_by,error,retries,count,duration_millis,first_observed,created_at,title,notification_name,notification_namespace',
          filters: { resource_id: `eq.${q.resourceId}`, status: q.status ? `eq.${q.status}` : undefined },
          sortBy: 'created_at',
          sortOrder: 'desc',
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  send: (id: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'send', id],
      queryFn: ({ signal }) =>
        api.get<SendDetail>(`/api/notification/send_history/${encodeURIComponent(id)}`, { signal }),
    }),
  rules: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'rules'],
      queryFn: ({ signal }) => api.get<Rule[]>('/api/notification/rules', { signal }),
    }),
  silences: (includeDeleted: boolean) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'silences', includeDeleted],
      queryFn: ({ signal }) =>
        api.get<Silence[]>('/api/notification/silences', {
          params: { include_deleted: includeDeleted ? 'true' : undefined },
          signal,
        }),
    }),
  /** Checks and canaries by id, to name silenced resources and fill the form's pickers (300000 ms stale, a lookup). */
  names: (kind: 'check' | 'canary') =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'names', kind],
      queryFn: ({ signal }) =>
        api.get<NamedResource[]>(kind === 'check' ? '/api/db/check_names' : '/api/db/canary_names', {
          params: { select: kind === 'check' ? 'id,name,type' : 'id,name,namespace', order: 'name.asc', limit: 1000 },
          signal,
        }),
      staleTime: 300_000,
    }),
};

/** Pauses a rule (it sends nothing until resumed) or resumes it. */
export function setRulePaused(id: string, paused: boolean) {
  return api.post<Rule>(`/api/notification/rules/${encodeURIComponent(id)}/${paused ? 'pause' : 'resume'}`);
}

/** Creates a silence; from/until may be datemath such as now+2h. */
export function createSilence(input: SilenceInput) {
  return api.post<{ id: string }>('/api/notification/silence', input);
}

/** Soft-deletes a silence: it stops matching at once. */
export function deleteSilence(id: string) {
  return api.delete(`/api/notification/silence/${encodeURIComponent(id)}`);
}
