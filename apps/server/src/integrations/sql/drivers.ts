import { mssqlDriver } from './mssql.js';
import { mysqlDriver } from './mysql.js';
import { postgresDriver } from './postgres.js';
import type { SqlDriver } from './query.js';

/**
 * The one map of SQL engines, by the name a spec's `driver` uses: the SQL checks, the catalog sql
 * scraper, the view sql source and the playbook sql action all run their queries through these
 * drivers (and so through the same pools and server-side statement timeouts).
 */
export const SQL_DRIVERS: Readonly<Record<'postgres' | 'mysql' | 'sqlserver', SqlDriver<unknown>>> = {
  postgres: postgresDriver as SqlDriver<unknown>,
  mysql: mysqlDriver as SqlDriver<unknown>,
  sqlserver: mssqlDriver as SqlDriver<unknown>,
};

/**
 * The driver a DSN speaks, from `driver` or the URL scheme (a Go-style `tcp(...)` DSN is MySQL, an
 * ADO.NET `Server=...;` string SQL Server), else the stored connection's type.
 */
export function sqlDriverName(url: string, driver?: string, connectionType?: string): string | undefined {
  if (driver) return driver === 'mssql' ? 'sqlserver' : driver;
  const scheme = /^([a-z0-9+]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'mysql' || scheme === 'mariadb') return 'mysql';
  if (scheme === 'sqlserver' || scheme === 'mssql') return 'sqlserver';
  if (!scheme && /@(tcp|unix)\(/.test(url)) return 'mysql';
  if (!scheme && /(^|;)\s*(server|data source|address)\s*=/i.test(url)) return 'sqlserver';
  if (connectionType === 'postgres' || connectionType === 'mysql') return connectionType;
  if (connectionType === 'sql_server' || connectionType === 'sqlserver' || connectionType === 'mssql')
    return 'sqlserver';
  return scheme;
}

/** The driver for a DSN (see sqlDriverName), with its name; undefined when none of the map speaks it. */
export function sqlDriverFor(
  url: string,
  driver?: string,
  connectionType?: string,
): { name: string; driver: SqlDriver<unknown> } | { name: string | undefined; driver?: undefined } {
  const name = sqlDriverName(url, driver, connectionType);
  const found = name && Object.hasOwn(SQL_DRIVERS, name) ? SQL_DRIVERS[name as keyof typeof SQL_DRIVERS] : undefined;
  return found ? { name: name as string, driver: found } : { name };
}
