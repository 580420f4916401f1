import { DomainError, type ErrorKind } from '../errors.js';

// PostgREST answers errors as {code, message, details, hint}; postgrest-js surfaces exactly these
// fields as `error.code` / `error.message`. We add our own `error` field through DomainError so the
// one error mapper renders them like every other OpsDeck error.

/** A PostgREST-style error: its kind, PostgREST/SQLSTATE code, message, details and hint. */
export function pgrstError(
  kind: ErrorKind,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): DomainError {
  return new DomainError(kind, message, { body: { code, details, hint } });
}

/** PGRST100: the query string (select, filters, order, limit) does not parse. */
export const parseError = (message: string, details: string | null = null, hint: string | null = null) =>
  pgrstError('invalid', 'PGRST100', message, details, hint);

/** 42703: a column named in select/filters/order is not a column of the relation. */
export const unknownColumn = (relation: string, column: string) =>
  pgrstError('invalid', '42703', `column ${relation}.${column} does not exist`, null, null);

/** PGRST204: a column in a write body is not a column of the table. */
export const unknownBodyColumn = (relation: string, column: string) =>
  pgrstError('invalid', 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);

/** PGRST205: the table or view is not exposed (or does not exist). */
export const unknownRelation = (name: string) =>
  pgrstError(
    'not_found',
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    'Only whitelisted tables and views are served under /api/db',
  );

/** PGRST102: the request body is not valid JSON of the expected shape. */
export const invalidBody = (details: string) => pgrstError('invalid', 'PGRST102', 'Empty or invalid json', details);

/** 42501: the subject may not write these rows (a rule beyond the role table, e.g. authorship). */
export const forbiddenWrite = (message: string) => pgrstError('forbidden', '42501', message);
