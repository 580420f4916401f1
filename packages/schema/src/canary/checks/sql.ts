import { z } from 'zod';
import { checkSchema, connectionShape, emptyResultShape } from './common.js';

/**
 * SQL checks (`postgres`, `mysql`, `mssql`): run `query` (default `SELECT 1`) against `url` or a
 * stored `connection`, and fail when fewer than `results` rows come back. Test expressions see
 * `results.rows`, `results.count` (also as `rows` and `count`).
 */
const sqlShape = {
  ...connectionShape,
  ...emptyResultShape,
  query: z.string().min(1, 'query must not be empty').optional(),
  /** Minimum number of rows the query must return. */
  results: z.number().int().nonnegative().optional(),
};

function sqlCheckSchema(type: string) {
  return checkSchema(sqlShape).refine((c) => !!(c.url || c.connection), {
    message: `a ${type} check needs url or connection`,
    path: ['url'],
  });
}

export const postgresCheckSchema = sqlCheckSchema('postgres');
export const mysqlCheckSchema = sqlCheckSchema('mysql');
export const mssqlCheckSchema = sqlCheckSchema('mssql');
export type SqlCheck = z.infer<typeof postgresCheckSchema>;
