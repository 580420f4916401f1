/**
 * What went wrong, in the domain's words. Domains throw these; the HTTP error handler
 * (http/errorHandler.ts) is the one place that turns a kind into a status.
 */
export type ErrorKind =
  /** More than one thing matches where one was asked for. */
  | 'ambiguous'
  /** The request is malformed or a value is not acceptable. */
  | 'invalid'
  /** No one, or no valid credential, is signed in. */
  | 'unauthorized'
  /** The subject is known and not allowed. */
  | 'forbidden'
  | 'not_found'
  /** The operation exists but not in the way it was called (e.g. a function that changes data, called to read). */
  | 'method_not_allowed'
  /** None of the representations the client accepts can be given. */
  | 'not_acceptable'
  /** It clashes with the current state (already exists, already running). */
  | 'conflict'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  /** A system OpsDeck relays to (a log backend) failed. */
  | 'upstream_failed'
  /** The work took longer than it may. */
  | 'timeout';

/** What a DomainError may carry besides its kind and message. */
export interface DomainErrorDetails {
  /** The short code the client reads (`error` in the response body), when more precise than the kind. */
  error?: string;
  /** Extra response headers (e.g. the X-Rbac-* headers of a refusal). */
  headers?: Record<string, string>;
  /** Extra body fields (e.g. PostgREST's code, details, hint). */
  body?: Record<string, unknown>;
}

/** An error meant for the client: its kind, short code and human message reach the response. */
export class DomainError extends Error {
  /** The short code of the response body's `error` field (the kind unless given). */
  readonly error: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.error = details.error ?? kind;
    this.headers = details.headers ?? {};
    this.body = details.body ?? {};
  }
}

export const badRequest = (message: string, body: Record<string, unknown> = {}) =>
  new DomainError('invalid', message, { body });
export const unauthorized = (message = 'sign in required') => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message = 'not found') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);

interface PgLikeError {
  code?: unknown;
  detail?: unknown;
  message?: unknown;
}

// SQLSTATE classes that are the client's fault when they reach us through bound input.
const PG_CLIENT_ERRORS: Record<string, ErrorKind> = {
  '23505': 'conflict', // unique_violation
  '23503': 'conflict', // foreign_key_violation
  '23502': 'invalid', // not_null_violation
  '23514': 'invalid', // check_violation
  '23P01': 'conflict', // exclusion_violation
  '22P02': 'invalid', // invalid_text_representation (bad uuid, bad int)
  '22007': 'invalid', // invalid_datetime_format
  '22008': 'invalid', // datetime_field_overflow
  '22003': 'invalid', // numeric_value_out_of_range
  '22001': 'invalid', // string_data_right_truncation
  '22023': 'invalid', // invalid_parameter_value
  '2201B': 'invalid', // invalid_regular_expression
  '22025': 'invalid', // invalid_escape_sequence
  '22021': 'invalid', // character_not_in_repertoire (NUL bytes)
  '22032': 'invalid', // invalid_json_text
  '42883': 'invalid', // undefined_function (operator on mismatched types)
  '42804': 'invalid', // datatype_mismatch
  P0001: 'invalid', // raise_exception from a check in a function
};

/** A PostgreSQL error caused by client input as a DomainError, or undefined when it is ours. */
export function mapPgError(err: unknown): DomainError | undefined {
  const e = err as PgLikeError;
  if (typeof e?.code !== 'string') return undefined;
  const kind = PG_CLIENT_ERRORS[e.code] ?? (e.code.startsWith('22') ? 'invalid' : undefined);
  if (!kind) return undefined;
  const detail = typeof e.detail === 'string' ? e.detail : undefined;
  // a conflict's detail names the clashing key, which says more than the message
  const message = kind === 'conflict' ? (detail ?? String(e.message)) : String(e.message);
  return new DomainError(kind, message, { body: { code: e.code, details: detail ?? null, hint: null } });
}
