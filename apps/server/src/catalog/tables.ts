import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 110_catalog (reference names and columns). */

/** Health of a config item (Mission Control's values). */
export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface ConfigScrapersTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  description: string | null;
  spec: Json;
  source: Generated<string>;
  application_id: string | null;
  is_pushed: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface ConfigItemsTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  icon: string | null;
  scraper_id: string | null;
  config_class: string;
  status: string | null;
  health: ConfigHealth | null;
  ready: boolean | null;
  /** `[id the scraper gave, ...aliases]`. */
  external_id: string[] | null;
  type: string;
  name: string | null;
  description: string | null;
  config: Json | null;
  source: string | null;
  labels: Json | null;
  tags: Json | null;
  properties: Json | null;
  parent_id: string | null;
  path: string | null;
  cost_per_minute: string | null;
  cost_total_1d: string | null;
  cost_total_7d: string | null;
  cost_total_30d: string | null;
  is_pushed: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  delete_reason: string | null;
  inserted_at: CreatedAt;
}

export interface ConfigItemsLastScrapedTimeTable {
  config_id: string;
  last_scraped_time: Timestamp;
}

export interface ConfigChangesTable {
  id: Generated<string>;
  config_id: string;
  external_change_id: string | null;
  external_created_by: string | null;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  patches: Json | null;
  diff: string | null;
  details: Json | null;
  created_by: string | null;
  created_at: CreatedAt;
  count: Generated<number>;
  fingerprint: string | null;
  first_observed: Timestamp | null;
  is_pushed: Generated<boolean>;
  inserted_at: CreatedAt;
}

/** Insight statuses. */
export type AnalysisStatus = 'open' | 'resolved' | 'silenced';

export interface ConfigAnalysisTable {
  id: Generated<string>;
  config_id: string;
  scraper_id: string | null;
  created_by: string | null;
  source: string | null;
  analyzer: string;
  analysis_type: string | null;
  severity: string | null;
  summary: string | null;
  status: Generated<AnalysisStatus>;
  message: string | null;
  analysis: Json | null;
  properties: Json | null;
  first_observed: CreatedAt;
  last_observed: Timestamp | null;
  is_pushed: Generated<boolean>;
}

export interface ConfigRelationshipsTable {
  config_id: string;
  related_id: string;
  relation: Generated<string>;
  scraper_id: string | null;
  selector_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  is_pushed: Generated<boolean>;
}

export interface ConfigComponentRelationshipsTable {
  component_id: string;
  config_id: string;
  selector_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  is_pushed: Generated<boolean>;
}

/** A health check linked to a config item (check_component_relationships is the same with component_id). */
export interface CheckConfigRelationshipsTable {
  config_id: string;
  check_id: string;
  canary_id: string | null;
  selector_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  is_pushed: Generated<boolean>;
}

declare module '../db/types.js' {
  interface Database {
    config_scrapers: ConfigScrapersTable;
    config_items: ConfigItemsTable;
    config_items_last_scraped_time: ConfigItemsLastScrapedTimeTable;
    config_changes: ConfigChangesTable;
    config_analysis: ConfigAnalysisTable;
    config_relationships: ConfigRelationshipsTable;
    config_component_relationships: ConfigComponentRelationshipsTable;
    check_config_relationships: CheckConfigRelationshipsTable;
  }
}
