import { DomainError, type ErrorKind, mapPgError } from '../errors.js';
import { pgrstError } from './errors.js';

// SQLSTATEs that bound client values or client-chosen operators can still cause after our checks
// (a value of the wrong type for an operator, an unknown text search configuration, ...).
const CLIENT_CAUSED: Record<string, ErrorKind> = {
  '42P18': 'invalid', // indeterminate_datatype
  '42725': 'invalid', // ambiguous_function (operator with two candidates)
  '42846': 'invalid', // cannot_coerce
  '42704': 'invalid', // undefined_object (e.g. a text search configuration)
  '42P10': 'invalid', // invalid_column_reference: no unique index matches on_conflict
  '21000': 'invalid', // cardinality_violation
  '54000': 'invalid', // program_limit_exceeded (e.g. index row too large)
  '428C9': 'invalid', // generated_always: a value for a GENERATED ALWAYS column
  '42501': 'forbidden', // insufficient_privilege
};

/**
 * Turns a database error caused by the request into a PostgREST-style 4xx (code = SQLSTATE,
 * message and detail as PostgreSQL wrote them: they name types and values, never our SQL text).
 * Anything else is rethrown unchanged so the error mapper logs it and answers 500.
 */
export function restDbError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const mapped = mapPgError(err);
  if (mapped) return mapped;
  const e = err as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown; file?: unknown };
  // to_tsquery reports a malformed search term as a syntax error (42601), from its parser's source
  // files ("syntax error in tsquery", 'there is no escaped character: "\\"'): the term is the client's
  const tsquery =
    e?.code === '42601' &&
    typeof e.message === 'string' &&
    (e.message.startsWith('syntax error in tsquery') || (typeof e.file === 'string' && /^ts\w*\.c$/.test(e.file)));
  if (tsquery || (typeof e?.code === 'string' && CLIENT_CAUSED[e.code])) {
    return pgrstError(
      CLIENT_CAUSED[e.code as string] ?? 'invalid',
      e.code as string,
      String(e.message),
      typeof e.detail === 'string' ? e.detail : null,
      typeof e.hint === 'string' ? e.hint : null,
    );
  }
  return err;
}
