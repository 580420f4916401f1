import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migrations 240_applications and 370_application_schedule (the access tables are read through SQL). */
export interface ApplicationsTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  description: string | null;
  spec: Json;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  /** Migration 370: when a scheduled application's report is rebuilt next, and the last one built. */
  next_runtime: Timestamp | null;
  report: Json | null;
  report_generated_at: Timestamp | null;
  report_spec: string | null;
}

declare module '../db/types.js' {
  interface Database {
    applications: ApplicationsTable;
  }
}
