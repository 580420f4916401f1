import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { saveDownload } from '../../api/download.js';

/** A component as GET /api/canary/api/topology answers it. */
export interface ComponentNode {
  id: string;
  /** The agent that pushed it; the all-zero id is this OpsDeck's own. */
  agent_id?: string;
  name: string;
  text: string | null;
  type: string | null;
  icon: string | null;
  status: string;
  health: string | null;
  status_reason: string | null;
  hidden: boolean;
  labels: Record<string, string> | null;
  owner: string | null;
  topology_id: string | null;
  parent_id?: string | null;
  updated_at: string;
  properties: ComponentPropertyValue[] | null;
  summary: ComponentSummary | null;
  components?: ComponentNode[];
  children?: string[];
}

export interface ComponentPropertyValue {
  name?: string;
  label?: string;
  text?: string;
  value?: number;
  unit?: string;
  max?: number;
  headline?: boolean;
  hidden?: boolean;
  type?: string;
  color?: string;
}

export interface ComponentSummary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  checks?: Record<string, number>;
  incidents?: Record<string, Record<string, number>>;
  insights?: Record<string, Record<string, number>>;
}

export interface TopologyResponse {
  components: ComponentNode[];
  healthStatuses: string[];
  types: string[];
  tags: Record<string, string[]>;
  teams: string[];
}

/** What the tree call sends (the page's URL state). */
export interface TreeParams {
  id?: string;
  labels?: string;
  status?: string;
  team?: string;
  /** Only this agent's components (the all-zero id: local ones). */
  agent?: string;
  hidden?: boolean;
}

/** A stored topology (Settings > Topology). */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  source: string;
  schedule: string | null;
  created_at: string;
  updated_at: string;
}

export interface LinkedCheck {
  id: string;
  name: string;
  type: string;
  status: string | null;
}
export interface LinkedConfig {
  config_id: string;
  config: { id: string; name: string | null; type: string; health: string | null } | null;
}
export interface LinkedIncident {
  id: string;
  incident_id: string;
  title: string;
  status: string;
  severity: string;
}
export interface LinkedInsight {
  id: string;
  analyzer: string;
  analysis_type: string | null;
  severity: string | null;
  summary: string | null;
}
export interface LinkedChange {
  id: string;
  change_type: string;
  summary: string | null;
  created_at: string;
  config: { name: string | null } | null;
}

/** Query factories of the topology pages; keys start with `topology`. */
export const topologyQueries = {
  all: ['topology'] as const,
  /** The component's ancestors, root first (its `path` of ancestor ids), by name. */
  ancestors: (id: string) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'ancestors', id],
      queryFn: async ({ signal }) => {
        const [self] = await api.get<Array<{ path: string | null }>>('/api/db/components', {
          params: { id: `eq.${id}`, select: 'path' },
          signal,
        });
        const ids = (self?.path ?? '').split('.').filter((a) => a && a !== id);
        if (!ids.length) return [];
        const rows = await api.get<Array<{ id: string; name: string }>>('/api/db/components', {
          params: { id: `in.(${ids.join(',')})`, select: 'id,name' },
          signal,
        });
        const names = new Map(rows.map((r) => [r.id, r.name]));
        return ids.flatMap((a) => (names.has(a) ? [{ id: a, name: names.get(a) as string }] : []));
      },
    }),
  tree: (p: TreeParams) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'tree', p],
      queryFn: ({ signal }) =>
        api.get<TopologyResponse>('/api/canary/api/topology', {
          params: {
            id: p.id,
            depth: p.id ? 2 : 1,
            labels: p.labels || undefined,
            status: p.status || undefined,
            team: p.team || undefined,
            agent_id: p.agent || undefined,
            hidden: p.hidden ? undefined : false,
          },
          signal,
        }),
      refetchInterval: 10_000,
    }),
  checks: (id: string) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'checks', id],
      queryFn: ({ signal }) =>
        api.get<LinkedCheck[]>('/api/db/checks_by_component', {
          params: { component_id: `eq.${id}`, order: 'name' },
          signal,
        }),
    }),
  configs: (id: string) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'configs', id],
      queryFn: ({ signal }) =>
        api.get<LinkedConfig[]>('/api/db/config_component_relationships', {
          params: {
            component_id: `eq.${id}`,
            deleted_at: 'is.null',
            select: 'config_id,config:config_items(id,name,type,health)',
          },
          signal,
        }),
    }),
  incidents: (id: string) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'incidents', id],
      queryFn: ({ signal }) =>
        api.get<LinkedIncident[]>('/api/db/incidents_by_component', {
          params: { component_id: `eq.${id}`, order: 'created_at.desc' },
          signal,
        }),
    }),
  insights: (configIds: string[]) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'insights', configIds],
      queryFn: ({ signal }) =>
        api.get<LinkedInsight[]>('/api/db/config_analysis', {
          params: { config_id: `in.(${configIds.join(',')})`, status: 'eq.open' },
          signal,
        }),
      enabled: configIds.length > 0,
    }),
  changes: (configIds: string[]) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'changes', configIds],
      queryFn: ({ signal }) =>
        api.get<LinkedChange[]>('/api/db/config_changes', {
          params: {
            config_id: `in.(${configIds.join(',')})`,
            select: 'id,change_type,summary,created_at,config:config_items(name)',
            order: 'created_at.desc',
            limit: 50,
          },
          signal,
        }),
      enabled: configIds.length > 0,
    }),
  topologies: () =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'settings'],
      queryFn: ({ signal }) =>
        api.get<TopologyRow[]>('/api/db/topologies', { params: { deleted_at: 'is.null', order: 'name' }, signal }),
    }),
  topology: (id: string) =>
    queryOptions({
      queryKey: [...topologyQueries.all, 'settings', id],
      queryFn: async ({ signal }) =>
        (await api.get<TopologyRow[]>('/api/db/topologies', { params: { id: `eq.${id}` }, signal }))[0] ?? null,
    }),
};

/** The snapshot download of a component (a zip; the browser saves it). */
export function snapshotUrl(id: string, start: string, related: boolean): string {
  return `/api/snapshot/topology/${id}?start=${encodeURIComponent(start)}&related=${related}`;
}

/** Fetches the snapshot zip and hands it to the browser as a file named by the server. */
export function downloadSnapshot(url: string): Promise<void> {
  return saveDownload(url, 'snapshot.zip', 'snapshot');
}

/** Hides a component from the topology (or shows it again). */
export function setComponentHidden(id: string, hidden: boolean): Promise<unknown> {
  return api.patch(`/api/db/components?id=eq.${id}`, { hidden });
}
