import type { IncidentSeverity, IncidentStatus, IncidentType } from '@opsdeck/schema';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migrations 040-042 (reference names and columns). */

/** `created_by`: a person id; the transaction's actor when an insert leaves it out. */
type Author = ColumnType<string, string | null | undefined, string>;

export interface IncidentsTable {
  id: Generated<string>;
  /** Short human id such as INC-1042, from incident_id_sequence. */
  incident_id: Generated<string>;
  incident_rule_id: string | null;
  title: string;
  created_by: Author;
  commander_id: string | null;
  communicator_id: string | null;
  severity: Generated<IncidentSeverity>;
  description: Generated<string>;
  type: Generated<IncidentType>;
  status: Generated<IncidentStatus>;
  acknowledged: Timestamp | null;
  resolved: Timestamp | null;
  closed: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface HypothesesTable {
  id: Generated<string>;
  created_by: Author;
  incident_id: string;
  parent_id: string | null;
  owner: string | null;
  team_id: string | null;
  type: Generated<string>;
  title: string;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface EvidencesTable {
  id: Generated<string>;
  description: Generated<string>;
  hypothesis_id: string;
  config_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  component_id: string | null;
  check_id: string | null;
  /** The service level objective an incident rule opened the incident for (migration 441). */
  objective_id: string | null;
  definition_of_done: Generated<boolean | null>;
  done: boolean | null;
  factor: boolean | null;
  mitigator: boolean | null;
  created_by: Author;
  type: string;
  evidence: Json | null;
  properties: Json | null;
  script: string | null;
  script_result: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CommentsTable {
  id: Generated<string>;
  created_by: Author;
  comment: string;
  external_id: string | null;
  external_created_by: string | null;
  /** Derived from the hypothesis when only hypothesis_id is given. */
  incident_id: ColumnType<string, string | undefined, string>;
  responder_id: string | null;
  hypothesis_id: string | null;
  read: number[] | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface RespondersTable {
  id: Generated<string>;
  incident_id: string;
  /** person or team when left out. */
  type: Generated<string>;
  index: number | null;
  person_id: string | null;
  team_id: string | null;
  external_id: string | null;
  properties: Json | null;
  acknowledged: Timestamp | null;
  resolved: Timestamp | null;
  closed: Timestamp | null;
  created_by: Author;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface IncidentHistoriesTable {
  id: Generated<string>;
  incident_id: string;
  created_by: string;
  type: string | null;
  description: string | null;
  hypothesis_id: string | null;
  responder_id: string | null;
  evidence_id: string | null;
  comment_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IncidentRulesTable {
  id: Generated<string>;
  name: string;
  spec: Json | null;
  source: Generated<string | null>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

declare module '../db/types.js' {
  interface Database {
    incidents: IncidentsTable;
    hypotheses: HypothesesTable;
    evidences: EvidencesTable;
    comments: CommentsTable;
    responders: RespondersTable;
    incident_histories: IncidentHistoriesTable;
    incident_rules: IncidentRulesTable;
  }
}
