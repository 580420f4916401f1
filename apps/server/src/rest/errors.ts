import { HttpError } from '../http/errors.js';

// PostgREST answers errors as {code, message, details, hint}; postgrest-js surfaces exactly these
// fields as `error.code` / `error.message`. We add our own `error` field through HttpError so the
// one error mapper renders them like every other OpsDeck error.

const SHORT: Record<number, string> = {
  300: 'ambiguous',
  400: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
};

/** A PostgREST-style error: HTTP status, PostgREST/SQLSTATE code, message, details and hint. */
export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): HttpError {
  return new HttpError(status, SHORT[status] ?? 'invalid', message, {}, { code, details, hint });
}

/** PGRST100: the query string (select, filters, order, limit) does not parse. */
export const parseError = (message: string, details: string | null = null, hint: string | null = null) =>
  pgrstError(400, 'PGRST100', message, details, hint);

/** 42703: a column named in select/filters/order is not a column of the relation. */
export const unknownColumn = (relation: string, column: string) =>
  pgrstError(400, '42703', `column ${relation}.${column} does not exist`, null, null);

/** PGRST204: a column in a write body is not a column of the table. */
export const unknownBodyColumn = (relation: string, column: string) =>
  pgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);

/** PGRST205: the table or view is not exposed (or does not exist). */
export const unknownRelation = (name: string) =>
  pgrstError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    'Only whitelisted tables and views are served under /api/db',
  );

/** PGRST102: the request body is not valid JSON of the expected shape. */
export const invalidBody = (details: string) => pgrstError(400, 'PGRST102', 'Empty or invalid json', details);

/** 42501: the subject may not write these rows (a rule beyond the role table, e.g. authorship). */
export const forbiddenWrite = (message: string) => pgrstError(403, '42501', message);
