import { mssqlCheckSchema, mysqlCheckSchema, postgresCheckSchema, type SqlCheck } from '@opsdeck/schema';
import { renderTemplate, withExpressionContext } from '../../expr/index.js';
import { redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { SQL_DRIVERS } from '../../integrations/sql/drivers.js';
import { errorText, plainRow, runSqlQuery, type SqlDriver } from '../../integrations/sql/query.js';
import { type CheckContext, type CheckOutcome, type CheckType, failure } from './types.js';

/** The SQL checks (postgres, mysql, mssql): one query through the shared SQL client, rows tested. */

/** What a SQL check targets, for `check.endpoint`: the URL without its password, or the connection. */
export function sqlEndpoint(spec: SqlCheck): string {
  return redactUrl(spec.url || spec.connection || '');
}

/**
 * Runs a SQL check: resolve the endpoint, run `query` (default `SELECT 1`) on the pool for that
 * endpoint, then fail if fewer than `results` rows came back, or none with `markFailOnEmpty`.
 */
export async function runSqlCheck<P>(driver: SqlDriver<P>, spec: SqlCheck, ctx: CheckContext): Promise<CheckOutcome> {
  const endpoint = await resolveEndpoint(spec, ctx);
  const url = endpoint.url;
  if (!url) return failure(new Error(`no url: the ${driver.name} connection has no url`));
  let query: string;
  try {
    query = sqlQuery(spec, ctx);
  } catch (err) {
    return failure(new Error(`query: ${errorText(err)}`));
  }
  let rows: Record<string, unknown>[];
  try {
    rows = await runSqlQuery(driver, { ...endpoint, url }, query, ctx);
  } catch (err) {
    return failure(err);
  }
  const plain = rows.map(plainRow);
  const results = { rows: plain, count: plain.length };
  const data = { results, rows: plain, count: plain.length };
  const metrics = [{ name: 'rows', value: plain.length }];
  const min = spec.results ?? 0;
  if (plain.length < min) {
    const error = `query returned ${plain.length} rows, expected at least ${min}`;
    return { pass: false, error, message: error, data, metrics };
  }
  if (plain.length === 0 && spec.markFailOnEmpty) {
    return { pass: false, error: 'query returned no rows', message: 'query returned no rows', data, metrics };
  }
  return { pass: true, message: `${plain.length} rows`, data, metrics };
}

/**
 * The query to run: `query` (default `SELECT 1`), rendered as a Go template when it holds `{{`, as
 * canary-checker does, with `last_result()` answering the check's previous result. What the
 * template inserts is SQL text, not a bound value: the check's author owns it.
 */
export function sqlQuery(spec: Pick<SqlCheck, 'query'>, ctx: Pick<CheckContext, 'previousResult'>): string {
  const query = spec.query ?? 'SELECT 1';
  if (!query.includes('{{')) return query;
  return withExpressionContext({ lastResult: ctx.previousResult ?? {} }, () => renderTemplate(query, {}));
}

export const postgresCheck: CheckType<SqlCheck> = {
  type: 'postgres',
  endpoint: sqlEndpoint,
  schema: postgresCheckSchema,
  run: (spec, ctx) => runSqlCheck(SQL_DRIVERS.postgres, spec, ctx),
  defaultTimeoutMs: 60_000,
};

export const mysqlCheck: CheckType<SqlCheck> = {
  type: 'mysql',
  endpoint: sqlEndpoint,
  schema: mysqlCheckSchema,
  run: (spec, ctx) => runSqlCheck(SQL_DRIVERS.mysql, spec, ctx),
  defaultTimeoutMs: 60_000,
};

export const mssqlCheck: CheckType<SqlCheck> = {
  type: 'mssql',
  endpoint: sqlEndpoint,
  schema: mssqlCheckSchema,
  run: (spec, ctx) => runSqlCheck(SQL_DRIVERS.sqlserver, spec, ctx),
  defaultTimeoutMs: 60_000,
};
