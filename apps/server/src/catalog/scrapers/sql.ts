import { type SqlScraper, sqlScraperSchema } from '@opsdeck/schema';
import { interpolateCredentials } from '../../integrations/endpoint.js';
import { sqlDriverFor } from '../../integrations/sql/drivers.js';
import { plainRow, runSqlQuery } from '../../integrations/sql/query.js';
import type { ScraperType } from './types.js';

/**
 * Runs a query on PostgreSQL, MySQL/MariaDB or SQL Server (integrations/sql: the drivers and pools the SQL checks use) and turns each
 * row into a document; a row with a single column becomes that column's value (a JSON column is
 * a whole config). `connection` is a DSN or `connection://namespace/name`.
 */

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
    const { name, driver } = sqlDriverFor(url, spec.driver, stored?.type);
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
