import { sqlDriverName } from '../../catalog/scrapers/sql.js';
import { interpolateCredentials } from '../../integrations/endpoint.js';
import { mssqlDriver } from '../../integrations/sql/mssql.js';
import { mysqlDriver } from '../../integrations/sql/mysql.js';
import { postgresDriver } from '../../integrations/sql/postgres.js';
import { plainRow, runSqlQuery, type SqlDriver } from '../../integrations/sql/query.js';
import type { ViewSource } from './types.js';

const DRIVERS: Record<string, SqlDriver<unknown>> = {
  postgres: postgresDriver as SqlDriver<unknown>,
  mysql: mysqlDriver as SqlDriver<unknown>,
  sqlserver: mssqlDriver as SqlDriver<unknown>,
};

/**
 * `sql`: a query over PostgreSQL, MySQL/MariaDB or SQL Server (the SQL checks' drivers and pools), reached
 * through a stored connection, or a `url` whose value (or `valueFrom` a stored connection's field)
 * is the DSN; `username` and `password` fill `$(username)` / `$(password)` and win over the
 * connection's.
 */
export const sqlSource: ViewSource<'sql'> = {
  key: 'sql',
  async run(spec, ctx) {
    const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    const what = spec.connection ? `connection ${spec.connection}` : 'sql';
    const raw = (spec.url ? await ctx.resolveEnv(spec.url) : undefined) || stored?.url;
    if (!raw) throw new Error(`${what} has no url`);
    const username = (spec.username ? await ctx.resolveEnv(spec.username) : undefined) || stored?.username;
    const password = (spec.password ? await ctx.resolveEnv(spec.password) : undefined) || stored?.password;
    const url = interpolateCredentials(raw, username, password);
    const name = sqlDriverName(url, undefined, spec.type || stored?.type);
    const driver = name ? DRIVERS[name] : undefined;
    if (!driver) throw new Error(`${what}: ${name ?? 'its'} driver is not supported (postgres, mysql or sqlserver)`);
    const rows = await runSqlQuery(driver, { url, username, password }, spec.query, ctx);
    return rows.map(plainRow);
  },
};
