import type { ConnectionPool, MssqlConfig } from 'mssql';
import type { Endpoint } from '../endpoint.js';
import { lazyDriver } from '../lazyDriver.js';
import type { SqlDriver } from './query.js';

const loadMssql = lazyDriver(async () => (await import('mssql')).default);

/**
 * Accepts the Go driver's URL canary-checker's fixtures use (`sqlserver://user:pass@host:1433?database=master`,
 * also `mssql://`) and ADO.NET strings (`Server=host,1433;Database=db;User Id=u;Password=p`).
 */
export async function mssqlConfig(endpoint: Endpoint & { url: string }, timeoutMs: number): Promise<MssqlConfig> {
  let config: MssqlConfig;
  if (/^(sqlserver|mssql):\/\//i.test(endpoint.url)) {
    const u = new URL(endpoint.url);
    const params = u.searchParams;
    const encrypt = (params.get('encrypt') ?? 'false').toLowerCase();
    const instance = u.pathname.replace(/^\//, '');
    config = {
      server: u.hostname,
      port: u.port ? Number(u.port) : instance ? undefined : 1433,
      user: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      database: params.get('database') ?? undefined,
      options: {
        encrypt: encrypt === 'true' || encrypt === 'strict',
        trustServerCertificate:
          (params.get('TrustServerCertificate') ?? params.get('trustservercertificate'))?.toLowerCase() === 'true',
        ...(instance ? { instanceName: instance } : {}),
      },
    };
  } else if (endpoint.url.includes('=')) {
    config = (await loadMssql()).ConnectionPool.parseConnectionString(endpoint.url);
    const port = adoPort(endpoint.url);
    if (port !== undefined) config.port = port;
  } else {
    throw new Error('unsupported url (use sqlserver://user:password@host:1433?database=name)');
  }
  config.user ??= endpoint.username;
  config.password ??= endpoint.password;
  return {
    ...config,
    connectionTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    pool: { max: 4, min: 0, idleTimeoutMillis: 60_000 },
  };
}

/**
 * The `port=` setting of an ADO string (the Go driver's key, which the mssql package ignores), unless
 * `server=host,port` names one itself. Refuses a port that is not a number.
 */
function adoPort(text: string): number | undefined {
  const settings = new Map<string, string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) settings.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const raw = settings.get('port');
  if (raw === undefined || raw === '') return undefined;
  const server = settings.get('server') ?? settings.get('data source') ?? settings.get('address') ?? '';
  if (server.includes(',')) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`port=${raw}: not a port number`);
  return port;
}

export const mssqlDriver: SqlDriver<ConnectionPool> = {
  name: 'mssql',
  async open(endpoint, timeoutMs) {
    const mssql = await loadMssql();
    const pool = new mssql.ConnectionPool(await mssqlConfig(endpoint, timeoutMs));
    pool.on('error', () => {});
    return pool.connect();
  },
  async query(pool, sql) {
    const result = await pool.request().query(sql);
    const sets = result.recordsets ?? [];
    return sets.length ? (sets[sets.length - 1] ?? []) : (result.recordset ?? []);
  },
  close: (pool) => pool.close(),
};
