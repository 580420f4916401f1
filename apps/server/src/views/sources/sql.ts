import { interpolateCredentials } from '../../integrations/endpoint.js';
import { sqlDriverFor } from '../../integrations/sql/drivers.js';
import { plainRow, runSqlQuery } from '../../integrations/sql/query.js';
import type { ViewSource } from './types.js';

/**
 * `sql`: a query over PostgreSQL, MySQL/MariaDB or SQL Server (integrations/sql: the drivers and pools the SQL checks use), reached
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
    const { name, driver } = sqlDriverFor(url, undefined, spec.type || stored?.type);
    if (!driver) throw new Error(`${what}: ${name ?? 'its'} driver is not supported (postgres, mysql or sqlserver)`);
    const rows = await runSqlQuery(driver, { url, username, password }, spec.query, ctx);
    return rows.map(plainRow);
  },
};
