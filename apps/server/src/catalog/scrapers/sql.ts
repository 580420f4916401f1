import { type SqlScraper, sqlScraperSchema } from '@opsdeck/schema';
import { interpolateCredentials } from '../../integrations/endpoint.js';
import { mssqlDriver } from '../../integrations/sql/mssql.js';
import { mysqlDriver } from '../../integrations/sql/mysql.js';
import { postgresDriver } from '../../integrations/sql/postgres.js';
import { plainRow, runSqlQuery, type SqlDriver } from '../../integrations/sql/query.js';
import type { ScraperType } from './types.js';

/**
 * Runs a query on PostgreSQL, MySQL/MariaDB or SQL Server (the SQL checks' drivers and pools) and turns each
 * row into a document; a row with a single column becomes that column's value (a JSON column is
 * a whole config). `connection` is a DSN or `connection://namespace/name`.
 */

const DRIVERS: Record<string, SqlDriver<unknown>> = {
  postgres: postgresDriver as SqlDriver<unknown>,
  mysql: mysqlDriver as SqlDriver<unknown>,
  sqlserver: mssqlDriver as SqlDriver<unknown>,
};

/**
 * The driver a DSN speaks, from `driver` or the URL scheme (a Go-style `tcp(...)` DSN is MySQL, an
 * ADO.NET `Server=...;` string SQL Server).
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

/** A text column holding JSON is the JSON; any other value stays as it is. */
function jsonOrText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const sqlScraper: ScraperType<SqlScraper> = {
  type: 'sql',
  schema: sqlScraperSchema,
  async scrape(spec, ctx) {
    const stored = spec.connection.startsWith('connection://')
      ? await ctx.resolveConnection(spec.connection)
      : undefined;
    const username = (await ctx.resolveEnv(spec.auth?.username)) || stored?.username;
    const password = (await ctx.resolveEnv(spec.auth?.password)) || stored?.password;
    const raw = stored ? stored.url : spec.connection;
    if (!raw) return { documents: [], errors: [`${spec.connection}: the connection has no url`] };
    const url = interpolateCredentials(raw, username, password);
    const name = sqlDriverName(url, spec.driver, stored?.type);
    const driver = name ? DRIVERS[name] : undefined;
    if (!driver) {
      return {
        documents: [],
        errors: [`sql driver ${name ?? 'unknown'} is not supported (use postgres, mysql or sqlserver)`],
      };
    }
    const rows = await runSqlQuery(driver, { url, username, password }, spec.query, ctx);
    const documents = rows.map((row) => {
      const plain = plainRow(row);
      const values = Object.values(plain);
      return { config: values.length === 1 ? jsonOrText(values[0]) : plain, source: `sql/${name}` };
    });
    return { documents, errors: [] };
  },
};
