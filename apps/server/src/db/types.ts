import type { TokenScope } from '@opsdeck/schema/tokenScope';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a database default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json = ColumnType<unknown, string | undefined, string>;
export type JsonObject = JSONColumnType<Record<string, unknown>>;

/** The all-zero agent id meaning "this OpsDeck itself". */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface PeopleTable {
  id: Generated<string>;
  name: string;
  avatar: string | null;
  type: string | null;
  team_id: string | null;
  organization: string | null;
  title: string | null;
  email: string | null;
  phone: string | null;
  properties: Json | null;
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  last_login: Timestamp | null;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  icon: string | null;
  spec: Json | null;
  source: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface TeamMembersTable {
  team_id: string;
  person_id: string;
  source: Generated<string>;
}

export interface PropertiesTable {
  name: string;
  value: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface AgentsTable {
  id: Generated<string>;
  name: string;
  hostname: string | null;
  description: string | null;
  ip: string | null;
  version: string | null;
  username: string | null;
  person_id: string | null;
  properties: Json | null;
  tls: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  cleanup: Generated<boolean>;
  deleted_at: Timestamp | null;
  last_seen: Timestamp | null;
  last_received: Timestamp | null;
  /** The name was claimed by an admin: only such agents receive playbook actions (`runsOn`). */
  admin_registered: Generated<boolean>;
  /** An admin allowed the agent to push specs that run code (exec). */
  exec_allowed: Generated<boolean>;
}

/** Job statuses of Mission Control: RUNNING, SUCCESS, WARNING, FAILED, STALE, SKIPPED. */
export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STALE' | 'SKIPPED';

export interface JobHistoryTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  name: string;
  success_count: Generated<number>;
  error_count: Generated<number>;
  details: Json | null;
  hostname: string | null;
  duration_millis: number | null;
  resource_type: string | null;
  resource_id: string | null;
  status: JobStatus | null;
  time_start: Timestamp | null;
  time_end: Timestamp | null;
  created_at: CreatedAt;
  is_pushed: Generated<boolean>;
}

export interface EventQueueTable {
  id: Generated<string>;
  event_id: string | null;
  name: string;
  properties: Json | null;
  error: string | null;
  delay: number | null;
  created_at: CreatedAt;
  last_attempt: Timestamp | null;
  attempts: Generated<number>;
  priority: Generated<number>;
}

export interface AccessTokensTable {
  id: Generated<string>;
  name: string;
  person_id: string;
  value: string;
  auto_renew: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  /** The token this one was created with; deleting it deletes this one. */
  parent_id: string | null;
  /** What the token may do: {object, actions} grants; null is its owner's full rights. */
  scope: ColumnType<TokenScope, string | null | undefined, string | null>;
}

/**
 * Every table Kysely knows. Domains add theirs by declaration merging:
 * `declare module '../db/types.js' { interface Database { canaries: CanariesTable } }`.
 */
export interface Database {
  people: PeopleTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  properties: PropertiesTable;
  agents: AgentsTable;
  job_history: JobHistoryTable;
  event_queue: EventQueueTable;
  access_tokens: AccessTokensTable;
}
