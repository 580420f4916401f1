/** Rows of the catalog as the server answers them (Config, Config change, Config analysis). */

export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface ConfigRow {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: Health | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  namespace: string | null;
  changes: number;
  analysis: Record<string, number> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The agent that pushed it; the all-zero id (or absent) is this OpsDeck's own. */
  agent_id?: string;
}

export interface ConfigDetail extends ConfigRow {
  config: unknown;
  description: string | null;
  external_id: string[] | null;
  source: string | null;
  path: string | null;
  last_scraped_time: string | null;
  delete_reason: string | null;
  /** The scraper's rendered `properties` (see properties.ts). */
  properties: unknown;
  scraper: { id: string; name: string } | null;
  summary: { relationships: number; analysis: number; changes: number; checks: number; playbook_runs: number };
}

export interface SummaryRow {
  config_class: string;
  type: string;
  count: number;
  health: Partial<Record<Health, number>>;
  changes: number;
  analysis: Record<string, number>;
  created_at: string;
  updated_at: string;
}

/** A change in a list (POST /api/catalog/changes). */
export interface ChangeRow {
  id: string;
  config_id: string;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: string;
  first_observed: string | null;
  count: number;
  name: string | null;
  type: string;
  config_class?: string;
  tags: Record<string, string> | null;
  created_by: string | null;
  external_created_by: string | null;
  deleted_at: string | null;
  /** Only in "what changed before it broke": whether the item is linked to the check itself. */
  linked?: boolean;
}

export interface ChangesPage {
  summary: Record<string, number>;
  total: number;
  changes: ChangeRow[];
}

/** One change with its diff (the change modal). */
export interface ChangeDetail {
  id: string;
  config_id: string;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: string;
  first_observed: string | null;
  count: number;
  external_created_by: string | null;
  diff: string | null;
  patches: unknown;
  details: unknown;
  config: { id: string; name: string | null; type: string; config_class: string } | null;
}

export interface InsightRow {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type: string | null;
  severity: string | null;
  status: string;
  summary: string | null;
  message: string | null;
  source: string | null;
  first_observed: string;
  last_observed: string | null;
  config_name: string | null;
  config_type: string;
}

export interface RelatedConfig {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  related_ids: string[];
  depth: number;
  direction: 'incoming' | 'outgoing' | 'both';
  health: Health | null;
  status: string | null;
  deleted_at: string | null;
}

export interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown>;
  source: string;
  agent_id: string;
  created_at: string;
  updated_at: string;
  job_status?: string | null;
  job_last_run?: string | null;
}

export interface ConfigVersion {
  change_id: string;
  created_at: string;
  summary: string | null;
  before: string;
  current: string;
  diff: string;
}

/** What GET /api/catalog/checks/:id/changes answers: when the check failed, the window's start, the changes. */
export interface CheckChanges {
  failed_at: string | null;
  from: string | null;
  changes: ChangeRow[];
}
