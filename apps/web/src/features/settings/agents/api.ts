import type { AgentInstall } from '@opsdeck/schema/agentInstall';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';

/** A row of `agents_summary`. */
export interface AgentRow {
  id: string;
  name: string;
  username: string | null;
  properties: Record<string, string> | null;
  status: 'online' | 'offline' | 'unknown';
  last_seen: string | null;
  last_received: string | null;
  config_count: number;
  config_scrapper_count: number;
  checks_count: number;
  created_at: string;
  updated_at: string;
  created_by_name: string | null;
  /** An admin claimed its name: only then does it receive playbook actions (runsOn). */
  admin_registered: boolean;
  /** An admin allowed it to send canaries, scrapers and topologies that run code. */
  exec_allowed: boolean;
}

export const agentQueries = {
  all: ['agents'] as const,
  list: (q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...agentQueries.all, 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<AgentRow>('/api/db/agents_summary', {
          select: '*',
          filters: { deleted_at: 'is.null' },
          ...q,
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: 30_000,
    }),
};

/** `POST /api/agent/generate`: the agent and its token, shown once, and what its install texts need. */
export interface GeneratedAgent {
  id: string;
  username: string;
  access_token: string;
  install: AgentInstall;
}

export const generateAgent = (body: { name: string; properties: Record<string, string> }) =>
  api.post<GeneratedAgent>('/api/agent/generate', body);

/** What the Edit Agent dialog changes (the name is fixed); the trust switches are an admin's. */
export interface AgentChanges {
  properties: Record<string, string>;
  exec_allowed?: boolean;
  admin_registered?: boolean;
}

/** Edits properties, and for an admin whether the agent may run code and receive actions. */
export const updateAgent = (id: string, changes: AgentChanges) =>
  api.patch('/api/db/agents', changes, { params: { id: `eq.${id}` } });

/** Deletes an agent (soft): its tokens end at once. */
export const deleteAgent = (id: string) =>
  api.patch('/api/db/agents', { deleted_at: new Date().toISOString() }, { params: { id: `eq.${id}` } });

/** `key=value` lines to properties; lines without `=` are errors. */
export function parseProperties(
  text: string,
): { ok: true; value: Record<string, string> } | { ok: false; message: string } {
  const value: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return { ok: false, message: `line ${i + 1}: write key=value` };
    value[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return { ok: true, value };
}

/** Properties as `key=value` lines. */
export const propertiesText = (p: Record<string, string> | null) =>
  Object.entries(p ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

/** Every agent's id and name (deleted ones too), by name. */
export function fetchAgentNames(signal?: AbortSignal): Promise<Array<{ id: string; name: string }>> {
  return api.get<Array<{ id: string; name: string }>>('/api/db/agents', {
    params: { select: 'id,name', order: 'name.asc' },
    signal,
  });
}
