import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorKind, mapPgError } from '../errors.js';

// The status each kind of domain error answers with: the one place a kind becomes HTTP.
const STATUS: Record<ErrorKind, number> = {
  ambiguous: 300,
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  upstream_failed: 502,
  timeout: 504,
};

/** The HTTP status of a domain error (also for handlers with an envelope of their own, e.g. Kratos's). */
export const statusOf = (err: DomainError): number => STATUS[err.kind];

/**
 * The one error mapper: client mistakes become 4xx with `{ error, message }`; everything else is
 * a 500 whose details stay in the log (with the request id), never in the response.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply
        .code(statusOf(err))
        .headers(err.headers)
        .send({ error: err.error, message: err.message, ...err.body });
    }
    if (err.validation) {
      return reply.code(400).send({ error: 'invalid', message: err.message });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: 'payload_too_large', message: 'request body is too large' });
    }
    const pg = mapPgError(err);
    if (pg) {
      request.log.info({ err }, 'database refused client input');
      return reply.code(statusOf(pg)).send({ error: pg.error, message: pg.message, ...pg.body });
    }
    // Fastify's own client errors (bad JSON, unsupported media type, ...) carry a 4xx status
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const error = err.statusCode === 415 ? 'unsupported_media_type' : 'invalid';
      return reply.code(err.statusCode).send({ error, message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'internal', message: `internal error; see the server log for request ${request.id}` });
  });
}
