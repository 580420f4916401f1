import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 240_applications (the access tables are read through SQL). */
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
}

declare module '../db/types.js' {
  interface Database {
    applications: ApplicationsTable;
  }
}
