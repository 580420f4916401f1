import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migrations 430_objectives and 440_objective_hours. */

export interface ServiceLevelObjectivesTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  description: Generated<string>;
  spec: Json;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface ServiceLevelObjectiveAlertsTable {
  objective_id: string;
  alert: string;
  firing: Generated<boolean>;
  changed_at: CreatedAt;
}

export interface ServiceLevelObjectiveHoursTable {
  objective_id: string;
  hour: Timestamp;
  fingerprint: string;
  seen_mask: Generated<string>;
  good_mask: Generated<string>;
  bad_mask: Generated<string>;
  bad_runs: Generated<Json>;
  ratio: number | null;
}

declare module '../db/types.js' {
  interface Database {
    service_level_objectives: ServiceLevelObjectivesTable;
    service_level_objective_alerts: ServiceLevelObjectiveAlertsTable;
    service_level_objective_hours: ServiceLevelObjectiveHoursTable;
  }
}
