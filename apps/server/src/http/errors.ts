/** An error meant for the client: its status, short code and human message reach the response body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** Extra response headers (e.g. the X-Rbac-* headers of a 403). */
    readonly headers: Record<string, string> = {},
    /** Extra body fields (e.g. PostgREST's code, details, hint). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, body: Record<string, unknown> = {}) =>
  new HttpError(400, 'invalid', message, {}, body);
export const unauthorized = (message = 'sign in required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** Body of every error response: `{ error, message }` plus optional protocol fields. */
export interface ErrorBody {
  error: string;
  message: string;
  [key: string]: unknown;
}

interface PgLikeError {
  code?: unknown;
  detail?: unknown;
  constraint?: unknown;
  column?: unknown;
  message?: unknown;
}

// SQLSTATE classes that are the client's fault when they reach us through bound input.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'conflict'], // unique_violation
  '23503': [409, 'conflict'], // foreign_key_violation
  '23502': [400, 'invalid'], // not_null_violation
  '23514': [400, 'invalid'], // check_violation
  '23P01': [409, 'conflict'], // exclusion_violation
  '22P02': [400, 'invalid'], // invalid_text_representation (bad uuid, bad int)
  '22007': [400, 'invalid'], // invalid_datetime_format
  '22008': [400, 'invalid'], // datetime_field_overflow
  '22003': [400, 'invalid'], // numeric_value_out_of_range
  '22001': [400, 'invalid'], // string_data_right_truncation
  '22023': [400, 'invalid'], // invalid_parameter_value
  '2201B': [400, 'invalid'], // invalid_regular_expression
  '22025': [400, 'invalid'], // invalid_escape_sequence
  '22021': [400, 'invalid'], // character_not_in_repertoire (NUL bytes)
  '22032': [400, 'invalid'], // invalid_json_text
  '42883': [400, 'invalid'], // undefined_function (operator on mismatched types)
  '42804': [400, 'invalid'], // datatype_mismatch
  P0001: [400, 'invalid'], // raise_exception from a check in a function
};

/** Maps a PostgreSQL error caused by client input to a status, or undefined when it is ours. */
export function mapPgError(err: unknown): HttpError | undefined {
  const e = err as PgLikeError;
  if (typeof e?.code !== 'string') return undefined;
  const hit =
    PG_CLIENT_ERRORS[e.code] ?? (e.code.startsWith('22') ? ([400, 'invalid'] as [number, string]) : undefined);
  if (!hit) return undefined;
  const [status, error] = hit;
  const detail = typeof e.detail === 'string' ? e.detail : undefined;
  const message = status === 409 ? (detail ?? String(e.message)) : String(e.message);
  return new HttpError(status, error, message, {}, { code: e.code, details: detail ?? null, hint: null });
}
