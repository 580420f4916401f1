import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './connection.js';

/** One numbered SQL file under `db/migrations`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Serialises concurrent starts of several OpsDeck processes against one PostgreSQL.
const LOCK_KEY = 7_301_555_021;

/**
 * The sha256 of a migration's text with CRLF read as LF, so a checkout that converts line endings
 * (git's autocrlf on Windows) does not look like an edited migration. LF-only files hash as before.
 */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** Reads `NNN_name.sql` files in version order; refuses gaps in naming such as a missing number prefix. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const m = /^(\d+)_([a-z0-9_]+)\.sql$/.exec(file);
    if (!m) throw new Error(`migration file name must look like 001_name.sql: ${file}`);
    const sql = readFileSync(path.join(dir, file), 'utf8');
    return { version: Number(m[1]), name: m[2] as string, sql, checksum: migrationChecksum(sql) };
  });
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`two migrations share version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

export interface MigrateResult {
  applied: string[];
  skipped: number;
  /** Applied migrations whose file changed since, let through by `allowChanged`. */
  changed: string[];
}

/** Set to `1` to start although an applied migration's file changed (an emergency escape hatch). */
export const ALLOW_CHANGED_MIGRATIONS_ENV = 'OPSDECK_ALLOW_CHANGED_MIGRATIONS';

export interface MigrateOptions {
  /** Start despite changed migration files, warning about each; defaults to the env var above. */
  allowChanged?: boolean;
  warn?: (message: string) => void;
}

const fileName = (m: { version: number; name: string }) => `${String(m.version).padStart(3, '0')}_${m.name}.sql`;

/**
 * The applied migrations whose file no longer has the checksum stored when it ran. The database
 * holds what the old text created, not what the file says now, so starting on it would run code
 * against a schema it does not expect.
 */
function changedMigrations(migrations: Migration[], stored: Array<{ version: number; checksum: string }>): string[] {
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  const changed: string[] = [];
  for (const row of stored) {
    const m = byVersion.get(row.version);
    if (m && m.checksum !== row.checksum) changed.push(fileName(m));
  }
  return changed;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * Safe to call on every start: already-applied versions are skipped. Refuses (throws naming the
 * files) when an applied migration's file changed since it ran, unless `allowChanged`: a change
 * belongs in a new migration.
 */
export async function migrate(
  db: Db,
  migrations = loadMigrations(),
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const allowChanged = options.allowChanged ?? process.env[ALLOW_CHANGED_MIGRATIONS_ENV] === '1';
  const warn = options.warn ?? ((message: string) => process.emitWarning(message, 'OpsDeckMigration'));
  const client = await db.pool.connect();
  const applied: string[] = [];
  try {
    await client.query(`create table if not exists schema_migrations (
      version int primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`);
    if (db.kind === 'postgres') await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const { rows } = await client.query<{ version: number; checksum: string }>(
        'select version, checksum from schema_migrations',
      );
      const changed = changedMigrations(migrations, rows);
      if (changed.length && !allowChanged) {
        throw new Error(
          `migration file${changed.length > 1 ? 's' : ''} ${changed.join(', ')} changed after being applied to this database: ` +
            `restore the applied text and put the change in a new migration (to start anyway, set ${ALLOW_CHANGED_MIGRATIONS_ENV}=1)`,
        );
      }
      for (const file of changed) {
        warn(
          `migration ${file} changed after being applied; starting anyway because ${ALLOW_CHANGED_MIGRATIONS_ENV}=1`,
        );
      }
      const done = new Set(rows.map((r) => r.version));
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query('begin');
        try {
          await client.query(m.sql);
          await client.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
            m.version,
            m.name,
            m.checksum,
          ]);
          await client.query('commit');
        } catch (err) {
          await client.query('rollback');
          throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
      }
      return { applied, skipped: migrations.length - applied.length, changed };
    } finally {
      if (db.kind === 'postgres') await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
