import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { loadMigrations } from '../db/migrate.js';

/** What `/ready` reports: whether the database answers and holds every migration this process knows. */
export interface Readiness {
  ready: boolean;
  /** Migrations of this build not recorded in `schema_migrations` (e.g. a database restored from an older backup). */
  pending: string[];
}

let known: Array<{ version: number; label: string }> | undefined;

/** Checks the database in one statement; throws when it cannot be reached. */
export async function readiness(db: Db): Promise<Readiness> {
  known ??= loadMigrations().map((m) => ({
    version: m.version,
    label: `${String(m.version).padStart(3, '0')}_${m.name}`,
  }));
  const { rows } = await sql<{ version: number }>`select version from schema_migrations`.execute(db.kysely);
  const done = new Set(rows.map((r) => r.version));
  const pending = known.filter((m) => !done.has(m.version)).map((m) => m.label);
  return { ready: pending.length === 0, pending };
}
