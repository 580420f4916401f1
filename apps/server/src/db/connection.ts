import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensurePrivateDataDir } from '../sandbox/dataDir.js';
import { type DataDirLock, lockDataDir } from './dataDirLock.js';
import { pgliteArtifacts } from './pgliteArtifacts.js';
import type { Database } from './types.js';

// int8 (count(*), bigint ids) comes back as a string from pg; numeric stays a string too.
// We parse int8 to number: counts and ids here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Which engine a connection talks to. */
export type DbKind = 'pglite' | 'postgres';

/** An open database: typed Kysely on top, the engine handle underneath. */
export interface Db {
  kind: DbKind;
  kysely: Kysely<Database>;
  pool: pg.Pool;
  /** Present only for the embedded engine. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded engine opens `dataDir`. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite files, or `memory://`. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (fast test databases). */
  loadDataDir?: Blob | File;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function openDatabase(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10);
  return openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, options: PLAN_CACHE_OPTION });
  // an idle client losing its server must not crash the process; the next query reconnects
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    kysely,
    pool,
    close: () => kysely.destroy(),
  };
}

/**
 * Settings the embedded PostgreSQL starts with, on top of PGlite's own. Shared buffers live in
 * the WebAssembly heap, which is touched whole at start and never shrinks: initdb's 128MB default
 * cost about 100 MiB of RSS before the first query. The data dir is on disk, so a page evicted
 * from a smaller pool comes back from the OS page cache, and at thousands of checks the hot pages
 * (one index leaf per check) outgrow 128MB anyway. WAL buffers follow (1/32 of shared buffers).
 */
const PGLITE_SETTINGS: Record<string, string> = { shared_buffers: '16MB', plan_cache_mode: 'force_custom_plan' };

/**
 * The engine's hot statements are named prepared statements (health/prepared.ts) that take arrays
 * of ids. After five runs PostgreSQL may switch such a statement to a generic plan, which cannot
 * know how many ids an array holds: measured here, the result flush then ran for minutes instead
 * of milliseconds. A custom plan per call keeps the saving of parsing once.
 */
const PLAN_CACHE_OPTION = '-c plan_cache_mode=force_custom_plan';

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Db> {
  let dir = dataDir;
  let lock: DataDirLock | undefined;
  if (!dir.startsWith('memory://')) {
    ensurePrivateDataDir(dataDir);
    dir = path.join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  const startParams = [...PGlite.defaultStartParams];
  for (const [name, value] of Object.entries(PGLITE_SETTINGS)) startParams.push('-c', `${name}=${value}`);
  let pglite: PGlite;
  try {
    const shared = await pgliteArtifacts();
    pglite = await PGlite.create(dir, { ...shared, startParams, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    kysely,
    pool,
    pglite,
    async close() {
      // the pool first: an idle pg client keeps Node alive otherwise
      await kysely.destroy();
      await pglite.close();
      lock?.release();
    },
  };
}
