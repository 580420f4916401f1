import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';

/**
 * A throwaway database on the PostgreSQL server at `url` for one benchmark run, dropped by
 * `drop()`; undefined (with a line saying so) when the server cannot be reached.
 */
export async function scratchPostgres(
  url: string,
  poolMax = 10,
): Promise<{ db: Db; url: string; drop(): Promise<void> } | undefined> {
  const name = `opsdeck_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL at ${url} unreachable (${(err as Error).message}): skipped`);
    return undefined;
  }
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolMax });
  return {
    db,
    url: u.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
