import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** A log backend (migration 144): where the Logs page reads from. */
export interface LoggingBackendsTable {
  id: Generated<string>;
  name: string;
  labels: Json | null;
  spec: Json;
  source: Generated<string>;
  agent_id: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

declare module '../db/types.js' {
  interface Database {
    logging_backends: LoggingBackendsTable;
  }
}
