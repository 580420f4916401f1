import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 170_topology (reference names and columns; the rarely used ones are read through SQL). */

export interface TopologiesTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  labels: Json | null;
  spec: Json;
  source: Generated<string>;
  schedule: string | null;
  next_runtime: Timestamp | null;
  claimed_by: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface ComponentsTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  topology_id: string | null;
  external_id: string;
  parent_id: string | null;
  name: string;
  text: string | null;
  namespace: string | null;
  labels: Json | null;
  hidden: Generated<boolean>;
  status: Generated<string>;
  status_expr: string | null;
  health_expr: string | null;
  health: string | null;
  status_reason: string | null;
  icon: string | null;
  type: string | null;
  owner: string | null;
  tooltip: string | null;
  lifecycle: string | null;
  selectors: Json | null;
  component_checks: Json | null;
  configs: Json | null;
  properties: Json | null;
  path: string | null;
  summary: Json | null;
  is_leaf: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

declare module '../db/types.js' {
  interface Database {
    topologies: TopologiesTable;
    components: ComponentsTable;
  }
}
