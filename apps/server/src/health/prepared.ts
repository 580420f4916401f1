import type { RawBuilder } from 'kysely';
import type { QueryResultRow } from 'pg';
import type { Db } from '../db/connection.js';

/**
 * Runs one of the engine's hot statements (the result flush, job history, the claim: each
 * several times a minute with the same text) as a named prepared statement, so a connection
 * parses and plans it once instead of on every call. On the embedded database parsing and
 * planning the flush alone cost as much CPU per second as storing the results of hundreds of
 * checks. Kysely has no named statements: the text still comes from its `sql` template, and must
 * not vary between calls of one name.
 */
export async function runPrepared<R extends QueryResultRow = QueryResultRow>(
  db: Db,
  name: string,
  query: RawBuilder<unknown>,
): Promise<R[]> {
  const { sql: text, parameters } = query.compile(db.kysely);
  const { rows } = await db.pool.query<R>({ name, text, values: parameters as unknown[] });
  return rows;
}
