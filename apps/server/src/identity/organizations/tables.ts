import type { Json, Timestamp } from '../../db/types.js';

/** Table `person_organizations`: what the organization provider said at a person's last sign-in. */
export interface PersonOrganizationsTable {
  person_id: string;
  organizations: Json;
  groups: Json;
  synced_at: Timestamp;
}

declare module '../../db/types.js' {
  interface Database {
    person_organizations: PersonOrganizationsTable;
  }
}
