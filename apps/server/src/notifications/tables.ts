import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 030_notifications (reference names and columns). */

export interface NotificationsTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  properties: Json | null;
  playbook_id: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: Json | null;
  repeat_interval: string | null;
  inhibitions: Json | null;
  /** Seconds. */
  wait_for: number | null;
  wait_for_eval_period: number | null;
  group_by: string[] | null;
  /** Seconds. */
  group_by_interval: number | null;
  watchdog_schedule: string | null;
  fallback_delay: string | null;
  fallback_custom_services: Json | null;
  fallback_playbook_id: string | null;
  fallback_person_id: string | null;
  fallback_team_id: string | null;
  error: string | null;
  error_at: Timestamp | null;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface NotificationSilencesTable {
  id: Generated<string>;
  namespace: Generated<string>;
  name: string;
  description: string | null;
  filter: string | null;
  selectors: Json | null;
  error: string | null;
  from: Timestamp | null;
  until: Timestamp | null;
  recursive: Generated<boolean>;
  config_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  component_id: string | null;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

import type { SendStatus } from '@opsdeck/schema/notifications';

export { SEND_STATUSES, type SendStatus } from '@opsdeck/schema/notifications';

export interface NotificationSendHistoryTable {
  id: Generated<string>;
  notification_id: string;
  body: Generated<string>;
  body_payload: Json | null;
  status: SendStatus;
  not_before: Timestamp | null;
  retries: Generated<number>;
  payload: Json | null;
  count: Generated<number>;
  first_observed: CreatedAt;
  source_event: string;
  resource_id: string;
  resource: Json | null;
  resource_health: string | null;
  resource_status: string | null;
  resource_health_description: string | null;
  person_id: string | null;
  team_id: string | null;
  connection_id: string | null;
  recipient: string | null;
  silenced_by: string | null;
  maintenance_window_id: Generated<string | null>;
  playbook_run_id: string | null;
  error: string | null;
  duration_millis: number | null;
  created_at: CreatedAt;
  group_id: string | null;
  parent_id: string | null;
}

export interface NotificationGroupsTable {
  id: Generated<string>;
  hash: string;
  notification_id: string;
  created_at: CreatedAt;
}

export interface NotificationGroupResourcesTable {
  group_id: string;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  resolved_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/types.js' {
  interface Database {
    notifications: NotificationsTable;
    notification_silences: NotificationSilencesTable;
    notification_send_history: NotificationSendHistoryTable;
    notification_groups: NotificationGroupsTable;
    notification_group_resources: NotificationGroupResourcesTable;
  }
}
