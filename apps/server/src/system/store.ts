import type { Db } from '../db/connection.js';

/** The properties stored in the database that are not deleted (feature flags and tunables). */
export function liveProperties(db: Db) {
  return db.kysely
    .selectFrom('properties')
    .select(['name', 'value', 'created_by', 'created_at', 'updated_at'])
    .where('deleted_at', 'is', null)
    .execute();
}
