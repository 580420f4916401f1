import type { CheckSummaryReply } from '@opsdeck/schema';
import { api } from '../../api/client.js';
import { orEarly } from '../../api/early.js';
import { fetchPage } from '../../api/postgrest.js';
import { SUMMARY_PATH, type SummaryQuery, summaryParams, summaryUrl } from './summaryRequest.js';
import type { CheckStatusRow, CheckSummary } from './types.js';

export type { SummaryQuery } from './summaryRequest.js';

/** The HTTP calls of the health screens; the components keep their query keys and caching. */

/** The summary the page holds: the checks it asked for, and how many live checks there are in all. */
export interface SummaryData {
  checks: CheckSummary[];
  total: number;
}

const summaryData = (r: CheckSummaryReply): SummaryData => {
  const checks = r.checks_summary ?? [];
  return { checks, total: r.total ?? checks.length };
};

/**
 * The checks' summary for a time range (and optionally one check, or only failing ones); the
 * answer of the same request started while the app was loading (app/earlyRequests.ts) when there is one.
 */
export async function fetchSummary(q: SummaryQuery, signal?: AbortSignal): Promise<SummaryData> {
  const params = summaryParams(q);
  const reply = await orEarly(summaryUrl(q), () => api.get<CheckSummaryReply>(SUMMARY_PATH, { params, signal }));
  return summaryData(reply);
}

/** What GET /api/maintenance/active answers. */
export interface ActiveMaintenance {
  windows: Array<{ id: string; name: string; description: string; start: string; end: string; active: boolean }>;
  /** Check id -> name of the window in force over it. */
  checks: Record<string, string>;
}

/** Maintenance windows in force now or starting within a day. */
export function fetchActiveMaintenance(signal?: AbortSignal): Promise<ActiveMaintenance> {
  return api.get<ActiveMaintenance>('/api/maintenance/active', { signal });
}

/** One run on the latency graph. */
export interface GraphPoint {
  time: string;
  status: boolean;
  duration: number;
  passed?: number;
  failed?: number;
  message?: string;
  error?: string;
}

/** A check's runs since `from`, for its latency graph. */
export function fetchCheckGraph(checkId: string, from: string, signal?: AbortSignal) {
  return api.get<{ status: GraphPoint[] }>('/api/canary/api/graph', {
    params: { check: checkId, start: from },
    signal,
  });
}

/** One page of a check's results since `from`, newest first, optionally by status and a minimum duration. */
export function fetchCheckHistory(
  q: { checkId: string; from: string; status: string; minDuration?: number; pageIndex: number; pageSize: number },
  signal?: AbortSignal,
) {
  return fetchPage<CheckStatusRow>('/api/db/check_statuses', {
    select: 'check_id,time,status,invalid,duration,message,error,artifacts:details->artifacts',
    filters: {
      check_id: `eq.${q.checkId}`,
      time: `gte.${q.from}`,
      status: q.status ? `is.${q.status}` : undefined,
      duration: q.minDuration !== undefined ? `gte.${q.minDuration}` : undefined,
    },
    sortBy: 'time',
    sortOrder: 'desc',
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    signal,
  });
}

/** The stored spec of a check (undefined when the check is gone). */
export async function fetchCheckSpec(checkId: string, signal?: AbortSignal): Promise<unknown> {
  const rows = await api.get<Array<{ spec: unknown }>>('/api/db/checks', {
    params: { id: `eq.${checkId}`, select: 'spec' },
    signal,
  });
  return rows[0]?.spec;
}

/** A component or config item linked to a check. */
export interface Relationship {
  kind: 'component' | 'config';
  id: string;
  name?: string;
  type?: string;
}

/**
 * Components and configs linked to the check (check_component_relationships and
 * check_config_relationships, the latter with the config item's name and type).
 */
export async function fetchCheckRelationships(checkId: string, signal?: AbortSignal): Promise<Relationship[]> {
  const params = { check_id: `eq.${checkId}`, deleted_at: 'is.null' };
  const [components, configs] = await Promise.all([
    api.get<Array<{ component_id: string }>>('/api/db/check_component_relationships', {
      params: { ...params, select: 'component_id' },
      signal,
    }),
    api.get<Array<{ config_id: string; config: { name: string | null; type: string } | null }>>(
      '/api/db/check_config_relationships',
      { params: { ...params, select: 'config_id,config:config_items(name,type)' }, signal },
    ),
  ]);
  return [
    ...components.map((r): Relationship => ({ kind: 'component', id: r.component_id })),
    ...configs.map(
      (r): Relationship => ({
        kind: 'config',
        id: r.config_id,
        name: r.config?.name ?? undefined,
        type: r.config?.type,
      }),
    ),
  ];
}

interface EvidenceRow {
  id: string;
  hypothesis: {
    incident: { id: string; incident_id: string; title: string; status: string } | null;
  } | null;
}

/** An incident a check is evidence in. */
export interface CheckIncident {
  id: string;
  incident_id: string;
  title: string;
  status: string;
}

/** The incidents a check is evidence in, once each: its evidences with their hypothesis' incident embedded. */
export async function fetchCheckIncidents(checkId: string, signal?: AbortSignal): Promise<CheckIncident[]> {
  const rows = await api.get<EvidenceRow[]>('/api/db/evidences', {
    params: {
      check_id: `eq.${checkId}`,
      select: 'id,hypothesis:hypothesis_id(incident:incident_id(id,incident_id,title,status))',
    },
    signal,
  });
  const seen = new Map<string, CheckIncident>();
  for (const r of rows) {
    const incident = r.hypothesis?.incident;
    if (incident) seen.set(incident.id, incident);
  }
  return [...seen.values()];
}

/** Runs a check now; the answer says whether it passed. */
export function runCheck(checkId: string) {
  return api.post<{ pass: boolean; message: string; error: string | null }>(`/api/canary/run/check/${checkId}`);
}

/** A check failing now, for the incidents list. */
export interface FailingCheck {
  id: string;
  name: string;
  last_transition_time: string | null;
}

/** Up to `limit` checks failing now, the latest to fail first. */
export function fetchFailingChecks(limit: number, signal?: AbortSignal): Promise<FailingCheck[]> {
  return api.get<FailingCheck[]>('/api/db/checks', {
    params: {
      select: 'id,name,last_transition_time',
      status: 'eq.unhealthy',
      deleted_at: 'is.null',
      order: 'last_transition_time.desc.nullslast',
      limit,
    },
    signal,
  });
}

/** One check's status and uptime over the last day, from the health summary. */
export interface CheckGlance {
  id: string;
  name: string;
  status: 'healthy' | 'unhealthy' | null;
  uptime: { passed: number; failed: number };
}

/** A check's status and uptime over the last day; null when the summary does not have it. */
export function fetchCheckGlance(checkId: string, signal?: AbortSignal): Promise<CheckGlance | null> {
  return api
    .get<{ checks_summary: CheckGlance[] }>(SUMMARY_PATH, { params: { checkId, timeRange: '1d' }, signal })
    .then((r) => r.checks_summary[0] ?? null);
}
