import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { fetchPage, type Page } from '../../api/postgrest.js';
import { componentNames } from '../catalog/api.js';
import type { PickerSelector } from '../catalog/resourceSearch.js';
import type { JobRun } from '../settings/jobs/JobHistoryTable.js';
import { type RunForJobs, runAsJob } from './jobHistory.js';

/** A parameter as `/api/playbook/:id/params` answers it (defaults rendered). */
export interface PlaybookParameter {
  name: string;
  label?: string;
  type: string;
  default?: string | number | boolean;
  required?: boolean;
  description?: string;
  properties?: {
    multiline?: boolean | string;
    minLength?: number;
    maxLength?: number;
    regex?: string;
    format?: string;
    min?: number | string;
    max?: number | string;
    options?: Array<{ label?: string; value: string }>;
    language?: string;
    size?: string;
  };
}

/** A playbook as the reader sees it (`/api/db/playbooks`). */
export interface PlaybookCard {
  id: string;
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  source: string;
}

/** A playbook as `/api/playbook/list` answers it: one the caller may run. */
export interface PlaybookSummary extends PlaybookCard {
  parameters: PlaybookParameter[];
  /** Its spec (credentials masked): `configs`, `checks`, `components` say what it runs on. */
  spec?: { configs?: PickerSelector[]; checks?: PickerSelector[]; components?: PickerSelector[] } | null;
}

/** The resource a run targets. */
export interface RunTarget {
  config_id?: string;
  check_id?: string;
  component_id?: string;
}

export interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string;
  parameters: Record<string, unknown> | null;
  error: string | null;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  parent_id: string | null;
  playbooks: { id: string; name: string; title: string; icon: string | null } | null;
  created_by: { id: string; name: string } | null;
  config: { id: string; name: string } | null;
  check: { id: string; name: string } | null;
  /** The component's name (read beside the run: runs have no foreign key to components). */
  component?: { id: string; name: string } | null;
  /** The spec snapshot (credentials masked): the run page reads its approvers. */
  spec?: { approval?: { approvers?: { people?: string[]; teams?: string[] } } } | null;
  playbook_approvals?: Array<{ id: string; person: { name: string; email: string | null } | null; created_at: string }>;
}

export interface Artifact {
  id: string;
  path: string;
  filename: string;
  size: number;
  content_type: string;
}

export interface RunAction {
  id: string;
  name: string;
  status: string;
  playbook_run_id: string;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  retry_count: number;
  artifacts: Artifact[];
}

export interface RunFilters {
  playbook: string;
  status: string;
  /** Runs created since this ISO time; '' for all. */
  since: string;
  /** Only the runs against this resource (the Playbooks tab of a config item, check or component). */
  target?: RunTarget;
  pageIndex: number;
  pageSize: number;
}

const RUN_SELECT =
  '*,playbooks(id,name,title,icon),created_by(id,name),config:config_items(id,name),check:checks(id,name)';

/** Runs with the names of the components they ran on. */
async function withComponents(rows: RunRow[], signal?: AbortSignal): Promise<RunRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.component_id ? [r.component_id] : [])))];
  if (!ids.length) return rows;
  const names = await componentNames(ids, signal);
  return rows.map((r) => {
    const name = r.component_id ? names.get(r.component_id) : undefined;
    return name && r.component_id ? { ...r, component: { id: r.component_id, name } } : r;
  });
}

/** Query keys start with 'playbooks'; every mutation here invalidates that prefix. */
export const playbookQueries = {
  all: ['playbooks'] as const,
  /** Every playbook the reader may read (the /playbooks cards, the runs filter). */
  readable: () =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'readable'],
      queryFn: ({ signal }) =>
        api.get<PlaybookCard[]>('/api/db/playbooks', {
          params: {
            select: 'id,name,namespace,title,icon,description,category,source',
            deleted_at: 'is.null',
            order: 'name.asc',
          },
          signal,
        }),
    }),
  /** The playbooks offered to run (on `target`): the server keeps those the caller may run there. */
  list: (target: RunTarget = {}) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'list', target],
      queryFn: ({ signal }) => api.get<PlaybookSummary[]>('/api/playbook/list', { params: { ...target }, signal }),
    }),
  params: (id: string, target: RunTarget) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'params', id, target],
      queryFn: ({ signal }) =>
        api.post<{ params: PlaybookParameter[] }>(`/api/playbook/${id}/params`, { id, ...target }, { signal }),
    }),
  runs: (f: RunFilters) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'runs', f],
      queryFn: async ({ signal }) => {
        const page = await fetchPage<RunRow>('/api/db/playbook_runs', {
          select: RUN_SELECT,
          filters: {
            parent_id: 'is.null',
            ...(f.playbook ? { playbook_id: `eq.${f.playbook}` } : {}),
            ...(f.status ? { status: `eq.${f.status}` } : {}),
            ...(f.since ? { created_at: `gte.${f.since}` } : {}),
            ...Object.fromEntries(Object.entries(f.target ?? {}).map(([k, v]) => [k, `eq.${v}`])),
          },
          sortBy: 'created_at',
          sortOrder: 'desc',
          pageIndex: f.pageIndex,
          pageSize: f.pageSize,
          signal,
        });
        return { ...page, rows: await withComponents(page.rows, signal) };
      },
      placeholderData: keepPreviousData,
    }),
  run: (id: string) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'run', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<RunRow[]>('/api/db/playbook_runs', {
          params: {
            id: `eq.${id}`,
            select: `${RUN_SELECT},playbook_approvals(id,created_at,person:people(name,email))`,
          },
          signal,
        });
        return (await withComponents(rows, signal))[0] ?? null;
      },
    }),
  /** Runs started as children of run `id` (`parent_id`), oldest first. */
  children: (id: string) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'run', id, 'children'],
      queryFn: ({ signal }) =>
        api.get<RunRow[]>('/api/db/playbook_runs', {
          params: { parent_id: `eq.${id}`, select: RUN_SELECT, order: 'created_at.asc' },
          signal,
        }),
    }),
  actions: (id: string) =>
    queryOptions({
      queryKey: [...playbookQueries.all, 'run', id, 'actions'],
      queryFn: ({ signal }) =>
        api.get<RunAction[]>('/api/db/rpc/get_playbook_run_actions', { params: { run_id: id }, signal }),
    }),
};

export const startRun = (body: { id: string; params: Record<string, unknown> } & RunTarget) =>
  api.post<{ run_id: string; starts_at: string }>('/api/playbook/run', body);
export const approveRun = (id: string) => api.post<{ message: string }>(`/api/playbook/run/approve/${id}`);
export const cancelRun = (id: string) => api.post<{ message: string }>(`/api/playbook/run/cancel/${id}`);
export const deletePlaybook = (id: string) =>
  api.patch(`/api/db/playbooks?id=eq.${id}`, { deleted_at: new Date().toISOString() });

/** The newest `pageSize` runs of playbook `id` as job rows. */
export async function playbookJobRuns(id: string, pageSize: number, signal?: AbortSignal): Promise<Page<JobRun>> {
  const page = await fetchPage<RunForJobs>('/api/db/playbook_runs', {
    select: 'id,status,created_at,start_time,end_time,playbook_run_actions(status)',
    filters: { playbook_id: `eq.${id}` },
    sortBy: 'created_at',
    sortOrder: 'desc',
    pageIndex: 0,
    pageSize,
    signal,
  });
  return { ...page, rows: page.rows.map(runAsJob) };
}
