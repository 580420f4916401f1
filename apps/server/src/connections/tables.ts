import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** `connections` of migration 021: password and certificate hold sealed (encrypted) values. */
export interface ConnectionsTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  type: string;
  url: string | null;
  source: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Json | null;
  insecure_tls: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

declare module '../db/types.js' {
  interface Database {
    connections: ConnectionsTable;
  }
}
