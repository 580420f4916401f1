import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';

/** Which engine the tests of this run use: PGlite unless OPSDECK_TEST_DB=postgres. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.OPSDECK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A digest of every migration: a migration added anywhere in the sequence makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const m of loadMigrations()) hash.update(`${m.version}:${m.checksum}\n`);
  return hash.digest('hex').slice(0, 24);
}

/**
 * A migrated PGlite data dir, dumped once per migration set and cached on disk, so each test
 * database loads in ~0.4 s instead of running initdb (~2.5 s) and the migrations again.
 */
export async function pgliteTemplatePath(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'opsdeck-test-templates');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const blob = await (db.pglite as NonNullable<Db['pglite']>).dumpDataDir('none');
  await db.close();
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}

/**
 * Makes `target` an embedded data directory already migrated, as `opsdeck` leaves it after its
 * first start: a copy of one directory built once per migration set from the PGlite template, so
 * a CLI test does not pay initdb and every migration (tens of seconds on a loaded machine) per run.
 */
export async function seedEmbeddedDataDir(target: string): Promise<void> {
  const dir = path.join(os.tmpdir(), 'opsdeck-test-templates', `datadir-${migrationsHash()}`);
  if (!existsSync(dir)) {
    const building = `${dir}.${process.pid}`;
    const db = await openDatabase({
      dataDir: building,
      loadDataDir: new Blob([readFileSync(await pgliteTemplatePath())]),
    });
    await db.close();
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another worker built it first
    }
  }
  cpSync(dir, target, { recursive: true });
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('OPSDECK_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A migrated PostgreSQL template database, created once per migration set. */
export async function postgresTemplateName(): Promise<string> {
  const name = `opsdeck_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_build_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const db = await openDatabase({ databaseUrl: withDatabase(adminUrl(), building), poolMax: 1 });
    await migrate(db);
    await db.close();
    // the closed pool's backends exit asynchronously; rename once they are gone
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`alter database "${building}" rename to "${name}"`);
        break;
      } catch (err) {
        const taken = (err as { code?: string }).code === '42P04'; // another worker won the race
        if (taken || attempt > 50) {
          await admin.query(`drop database if exists "${building}" with (force)`);
          if (taken) break;
          throw err;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database for one test file on the engine of this run. Close it in afterAll. */
export async function createTestDb(): Promise<Db> {
  if (testEngine() === 'pglite') {
    const file = await pgliteTemplatePath();
    const blob = new Blob([readFileSync(file)]);
    return openDatabase({ dataDir: 'memory://', loadDataDir: blob });
  }
  const template = await postgresTemplateName();
  const name = `opsdeck_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: withDatabase(adminUrl(), name), poolMax: 5 });
  const close = db.close;
  db.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: adminUrl() });
    await a.connect();
    await a.query(`drop database if exists "${name}" with (force)`).finally(() => a.end());
  };
  return db;
}
