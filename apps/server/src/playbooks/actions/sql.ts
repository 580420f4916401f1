import { sqlActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { resolveEndpoint } from '../../integrations/endpoint.js';
import { sqlDriverFor } from '../../integrations/sql/drivers.js';
import { plainRow, runSqlQuery } from '../../integrations/sql/query.js';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof sqlActionSchema>;

/** Rows kept in the result; a bigger answer is cut and says so. */
const MAX_ROWS = 1000;

/**
 * Runs one query on PostgreSQL, MySQL/MariaDB or SQL Server (the drivers of the SQL checks, with
 * their pools and server-side statement timeouts). The result is `{query, rows, count, columns}`,
 * columns in the order the database answered them.
 */
export const sqlAction: ActionType<Spec> = {
  type: 'sql',
  schema: sqlActionSchema,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    if (!endpoint.url) return failed(new Error('sql: the connection has no url'));
    const { driver } = sqlDriverFor(endpoint.url, spec.driver, endpoint.connection?.type);
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
