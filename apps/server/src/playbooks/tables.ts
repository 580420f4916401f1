import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 150_playbooks (reference names and columns). */

export interface PlaybooksTable {
  id: Generated<string>;
  namespace: Generated<string>;
  name: string;
  title: Generated<string>;
  icon: string | null;
  description: string | null;
  spec: Json;
  source: Generated<string>;
  category: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface PlaybookRunsTable {
  id: Generated<string>;
  playbook_id: string;
  spec: Json;
  status: Generated<string>;
  created_at: CreatedAt;
  start_time: Timestamp | null;
  scheduled_time: CreatedAt;
  end_time: Timestamp | null;
  /** Nanoseconds. */
  timeout: Generated<string>;
  created_by: string | null;
  notification_send_id: string | null;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  parameters: Json | null;
  request: Json | null;
  agent_id: string | null;
  parent_id: string | null;
  error: string | null;
}

export interface PlaybookRunActionsTable {
  id: Generated<string>;
  name: string;
  status: Generated<string>;
  retry_count: Generated<number>;
  playbook_run_id: string;
  start_time: Timestamp | null;
  scheduled_time: CreatedAt;
  end_time: Timestamp | null;
  result: Json | null;
  is_pushed: Generated<boolean>;
  agent_id: string | null;
  error: string | null;
  action_index: number;
  claimed_by: string | null;
  lease_until: Timestamp | null;
}

export interface PlaybookApprovalsTable {
  id: Generated<string>;
  run_id: string;
  person_id: string | null;
  team_id: string | null;
  created_at: CreatedAt;
}

export interface ArtifactsTable {
  id: Generated<string>;
  playbook_run_action_id: string | null;
  check_id: string | null;
  connection_id: string | null;
  path: string;
  filename: string;
  size: number;
  content_type: Generated<string>;
  checksum: string;
  content: Buffer;
  is_pushed: Generated<boolean>;
  is_data_pushed: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

export interface PlaybookSchedulesTable {
  playbook_id: string;
  schedule_index: number;
  schedule: string;
  next_runtime: Timestamp;
}

declare module '../db/types.js' {
  interface Database {
    playbooks: PlaybooksTable;
    playbook_runs: PlaybookRunsTable;
    playbook_run_actions: PlaybookRunActionsTable;
    playbook_approvals: PlaybookApprovalsTable;
    artifacts: ArtifactsTable;
    playbook_schedules: PlaybookSchedulesTable;
  }
}
