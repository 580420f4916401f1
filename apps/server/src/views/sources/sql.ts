import { sqlDriverName } from '../../catalog/scrapers/sql.js';
import { interpolateCredentials } from '../../health/checks/lib/endpoint.js';
import { plainRow, runSqlQuery, type SqlDriver } from '../../health/checks/lib/sql.js';
import { mysqlDriver } from '../../health/checks/mysql.js';
import { postgresDriver } from '../../health/checks/postgres.js';
import type { ViewSource } from './types.js';

const DRIVERS: Record<string, SqlDriver<unknown>> = {
  postgres: postgresDriver as SqlDriver<unknown>,
  mysql: mysqlDriver as SqlDriver<unknown>,
};

/**
 * `sql`: a query over a stored connection (PostgreSQL or MySQL/MariaDB, the SQL checks' drivers
 * and pools). Only stored connections: a view's author names one rather than writing a DSN.
 */
export const sqlSource: ViewSource<'sql'> = {
  key: 'sql',
  async run(spec, ctx) {
    const stored = await ctx.resolveConnection(spec.connection);
    if (!stored.url) throw new Error(`connection ${spec.connection} has no url`);
    const url = interpolateCredentials(stored.url, stored.username, stored.password);
    const name = sqlDriverName(url, undefined, stored.type);
    const driver = name ? DRIVERS[name] : undefined;
    if (!driver)
      throw new Error(`connection ${spec.connection}: ${name ?? 'its'} driver is not supported (postgres or mysql)`);
    const rows = await runSqlQuery(
      driver,
      { url, username: stored.username, password: stored.password },
      spec.query,
      ctx,
    );
    return rows.map(plainRow);
  },
};
