import type pg from 'pg';
import { lazyDriver } from '../lazyDriver.js';
import type { SqlDriver } from './query.js';

const loadPg = lazyDriver(async () => (await import('pg')).default);

/** PostgreSQL over `pg`: one bounded pool per connection string, idle clients released. */
export const postgresDriver: SqlDriver<pg.Pool> = {
  name: 'postgres',
  async open(endpoint, timeoutMs) {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: endpoint.url,
      // credentials given beside the URL fill what the URL lacks
      ...(endpoint.username && !new URL(endpoint.url).username ? { user: endpoint.username } : {}),
      ...(endpoint.password && !new URL(endpoint.url).password ? { password: endpoint.password } : {}),
      max: 4,
      idleTimeoutMillis: 60_000,
      connectionTimeoutMillis: timeoutMs,
      allowExitOnIdle: true,
      application_name: 'opsdeck-check',
    });
    pool.on('error', () => {}); // an idle client dropped by the server must not crash the process
    return pool;
  },
  async query(pool, sql, timeoutMs) {
    const client = await pool.connect();
    let reusable = true;
    try {
      // the server cancels a slow query itself at this run's deadline, so none is left running
      await client.query("select set_config('statement_timeout', $1, false)", [String(Math.ceil(timeoutMs))]);
      // the client-side limit is a backstop for a server that does not answer
      const result = await client.query({
        text: sql,
        query_timeout: timeoutMs + Math.min(1000, timeoutMs / 8),
      } as pg.QueryConfig);
      // a multi-statement query yields one result per statement: report the last
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return (last?.rows ?? []) as Record<string, unknown>[];
    } catch (err) {
      reusable = err instanceof (await loadPg()).DatabaseError; // an SQL error leaves the connection usable
      throw err;
    } finally {
      client.release(!reusable);
    }
  },
  close: (pool) => pool.end(),
};
