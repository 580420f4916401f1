import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** Tables of migration 362_apply_kinds. */

export interface ScopesTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  description: string | null;
  targets: Json;
  /** The targets as permission object selectors: {configs?, components?, playbooks?, connections?}. */
  selectors: Json;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface PermissionGroupsTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  /** Member ids: {people: [], teams: [], notifications: []}. */
  selectors: Json;
  source: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
}

declare module '../db/types.js' {
  interface Database {
    scopes: ScopesTable;
    permission_groups: PermissionGroupsTable;
  }
}
