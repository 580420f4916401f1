import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 020_health (reference names and columns). */

export interface CanariesTable {
  id: Generated<string>;
  agent_id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  labels: Json | null;
  annotations: Json | null;
  spec: Json;
  source: string | null;
  is_pushed: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

/** `healthy` or `unhealthy`, null before the first run. */
export type CheckStatus = 'healthy' | 'unhealthy';

export interface ChecksTable {
  id: Generated<string>;
  canary_id: string;
  agent_id: Generated<string>;
  type: string;
  name: string;
  namespace: string | null;
  description: string | null;
  icon: string | null;
  spec: Json | null;
  labels: Json | null;
  owner: string | null;
  severity: string | null;
  category: string | null;
  is_pushed: Generated<boolean>;
  transformed: Generated<boolean>;
  last_runtime: Timestamp | null;
  last_transition_time: Timestamp | null;
  next_runtime: Timestamp | null;
  silenced_at: Timestamp | null;
  status: CheckStatus | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface CanarySchedulesTable {
  canary_id: string;
  next_runtime: Timestamp;
  claimed_by: string | null;
  updated_at: CreatedAt;
}

export interface CheckStatusesTable {
  check_id: string;
  time: Timestamp;
  status: boolean | null;
  invalid: boolean | null;
  duration: number | null;
  message: string | null;
  error: string | null;
  details: Json | null;
  severity: string | null;
  created_at: CreatedAt;
  is_pushed: Generated<boolean>;
}

/** check_statuses_1h / _1d: per check per hour/day, duration is the SUM of milliseconds. */
export interface CheckRollupTable {
  check_id: string;
  created_at: Timestamp;
  duration: number;
  total: number;
  passed: number;
  failed: number;
  latency_histogram: number[] | null;
}

declare module '../db/types.js' {
  interface Database {
    canaries: CanariesTable;
    checks: ChecksTable;
    canary_schedules: CanarySchedulesTable;
    check_statuses: CheckStatusesTable;
    check_statuses_1h: CheckRollupTable;
    check_statuses_1d: CheckRollupTable;
  }
}
