import { sqlActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import type { CheckContext } from '../../health/checks/types.js';
import { resolveEndpoint } from '../../integrations/endpoint.js';
import { mssqlDriver } from '../../integrations/sql/mssql.js';
import { mysqlDriver } from '../../integrations/sql/mysql.js';
import { postgresDriver } from '../../integrations/sql/postgres.js';
import { plainRow, runSqlQuery, type SqlDriver } from '../../integrations/sql/query.js';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof sqlActionSchema>;

/** Rows kept in the result; a bigger answer is cut and says so. */
const MAX_ROWS = 1000;

const DRIVERS: Record<string, SqlDriver<unknown>> = {
  postgres: postgresDriver as SqlDriver<unknown>,
  mysql: mysqlDriver as SqlDriver<unknown>,
  sqlserver: mssqlDriver as SqlDriver<unknown>,
};

/** The driver named, else the one the URL scheme or connection type implies. */
function driverFor(spec: Spec, url: string, connectionType: string | undefined): SqlDriver<unknown> | undefined {
  if (spec.driver) return DRIVERS[spec.driver];
  const hint = `${connectionType ?? ''} ${url.split(':', 1)[0] ?? ''}`.toLowerCase();
  if (/postgres/.test(hint)) return DRIVERS.postgres;
  if (/mysql|mariadb/.test(hint) || /@tcp\(/.test(url)) return DRIVERS.mysql;
  if (/sqlserver|mssql/.test(hint) || /^server=/i.test(url)) return DRIVERS.sqlserver;
  return undefined;
}

/**
 * Runs one query on PostgreSQL, MySQL/MariaDB or SQL Server (the drivers of the SQL checks, with
 * their pools and server-side statement timeouts). The result is `{query, rows, count, columns}`,
 * columns in the order the database answered them.
 */
export const sqlAction: ActionType<Spec> = {
  type: 'sql',
  schema: sqlActionSchema,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx as unknown as CheckContext);
    if (!endpoint.url) return failed(new Error('sql: the connection has no url'));
    const driver = driverFor(spec, endpoint.url, endpoint.connection?.type);
    if (!driver) return failed(new Error('sql: set driver (postgres, mysql or sqlserver): the url does not say which'));
    let rows: Record<string, unknown>[];
    try {
      rows = await runSqlQuery(driver, { ...endpoint, url: endpoint.url }, spec.query, ctx);
    } catch (err) {
      return failed(err, { query: spec.query });
    }
    const plain = rows.slice(0, MAX_ROWS).map(plainRow);
    const columns = rows[0] ? Object.keys(rows[0]) : [];
    const result: Record<string, unknown> = { query: spec.query, rows: plain, count: rows.length, columns };
    if (rows.length > MAX_ROWS) result.truncated = `only the first ${MAX_ROWS} of ${rows.length} rows are kept`;
    return { ok: true, result };
  },
};
