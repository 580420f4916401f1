import type mysql from 'mysql2/promise';
import type { Endpoint } from '../endpoint.js';
import { lazyDriver } from '../lazyDriver.js';
import type { SqlDriver } from './query.js';

const loadMysql = lazyDriver(async () => (await import('mysql2/promise')).default);

/** The Go MySQL driver's DSN (`user:pass@tcp(host:3306)/db?params`), optionally behind a `mysql://` scheme. */
const GO_DSN = /^(?:(?:mysql|mariadb):\/\/)?(?:([^:@]*)(?::(.*))?@)?(tcp|unix)?\(([^)]*)\)\/([^?]*)(?:\?(.*))?$/i;

/**
 * Accepts `mysql://user:pass@host:3306/db` and the Go driver's DSN canary-checker's fixtures use,
 * bare (`user:pass@tcp(host:3306)/db?param=value`) or behind the scheme
 * (`mysql://user:pass@tcp(host:3306)/db`); `unix(/path/to.sock)` connects through the socket.
 */
export function mysqlOptions(endpoint: Endpoint & { url: string }, timeoutMs: number): mysql.PoolOptions {
  const base: mysql.PoolOptions = { connectionLimit: 4, maxIdle: 1, idleTimeout: 60_000, connectTimeout: timeoutMs };
  const dsn = GO_DSN.exec(endpoint.url);
  let options: mysql.PoolOptions;
  if (dsn) {
    const [, user, password, net, address = '', database] = dsn;
    const [host, port] = address.split(':');
    const at =
      net?.toLowerCase() === 'unix'
        ? { socketPath: address }
        : { host: host || '127.0.0.1', port: port ? Number(port) : 3306 };
    options = {
      ...base,
      ...at,
      user: user ? decodeURIComponent(user) : undefined,
      password: password ? decodeURIComponent(password) : undefined,
      database: database || undefined,
    };
  } else {
    const u = new URL(endpoint.url);
    if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') {
      throw new Error(`unsupported url scheme ${u.protocol} (use mysql://user:password@host:3306/db)`);
    }
    options = {
      ...base,
      host: u.hostname || '127.0.0.1',
      port: u.port ? Number(u.port) : 3306,
      user: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      database: u.pathname.replace(/^\//, '') || undefined,
    };
  }
  options.user ??= endpoint.username;
  options.password ??= endpoint.password;
  return options;
}

/** Which session variable lets the server stop a slow statement: MariaDB's (seconds) or MySQL's (ms). */
type Flavor = 'mariadb' | 'mysql' | 'none';
const flavors = new WeakMap<mysql.Pool, Flavor>();

async function limitStatementTime(pool: mysql.Pool, conn: mysql.PoolConnection, timeoutMs: number): Promise<void> {
  const known = flavors.get(pool);
  const tries: [Flavor, string, number][] = [
    ['mariadb', 'SET SESSION max_statement_time = ?', timeoutMs / 1000],
    ['mysql', 'SET SESSION max_execution_time = ?', Math.ceil(timeoutMs)],
  ];
  for (const [flavor, sql, value] of tries) {
    if (known && known !== flavor) continue;
    try {
      await conn.query(sql, [value]);
      flavors.set(pool, flavor);
      return;
    } catch {
      // the other server's variable: try the next one
    }
  }
  flavors.set(pool, 'none');
}

export const mysqlDriver: SqlDriver<mysql.Pool> = {
  name: 'mysql',
  async open(endpoint, timeoutMs) {
    const pool = (await loadMysql()).createPool(mysqlOptions(endpoint, timeoutMs));
    pool.on('connection', (conn) => conn.on('error', () => {}));
    return pool;
  },
  async query(pool, sql, timeoutMs) {
    const conn = await pool.getConnection();
    try {
      // the server stops a slow query at the deadline (MySQL: SELECT only); the client limit is a backstop
      await limitStatementTime(pool, conn, timeoutMs);
      const [rows] = await conn.query({ sql, timeout: timeoutMs + Math.min(1000, timeoutMs / 8), rowsAsArray: false });
      if (!Array.isArray(rows)) return []; // an UPDATE or INSERT returns a result header, not rows
      const last = rows.length && Array.isArray(rows[rows.length - 1]) ? rows[rows.length - 1] : rows;
      return (Array.isArray(last) ? last : []) as Record<string, unknown>[];
    } finally {
      conn.release();
    }
  },
  close: (pool) => pool.end(),
};
