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

/** Reads `NNN_name.sql` files in version order; refuses gaps in naming such as a missing number prefix. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const m = /^(\d+)_([a-z0-9_]+)\.sql$/.exec(file);
    if (!m) throw new Error(`migration file name must look like 001_name.sql: ${file}`);
    const sql = readFileSync(path.join(dir, file), 'utf8');
    return {
      version: Number(m[1]),
      name: m[2] as string,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    };
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
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * Safe to call on every start: already-applied versions are skipped.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<MigrateResult> {
  const client = await db.pool.connect();
  const applied: string[] = [];
  try {
    await client.query(`create table if not exists schema_migrations (
      version int primary key, name text not null, checksum text not null,
      applied_at timestamptz not null default now())`);
    if (db.kind === 'postgres') await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const { rows } = await client.query<{ version: number }>('select version from schema_migrations');
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
      return { applied, skipped: migrations.length - applied.length };
    } finally {
      if (db.kind === 'postgres') await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
