import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomSecret, safeEqual } from '../../crypto/tokens.js';
import type { IdentityConfig } from '../config.js';
import { kratosErrors } from '../errors.js';
import type { FlowRow } from '../flows/flows.js';
import { CSRF_COOKIE, readCookie, setCookie } from '../http.js';

const CSRF_COOKIE_MAX_AGE = 365 * 24 * 3_600_000;

/** The browser's anti-CSRF secret: its cookie, or a new one set on the reply. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: IdentityConfig): string {
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && existing.length >= 32) return existing;
  const token = randomSecret();
  setCookie(reply, config, CSRF_COOKIE, token, CSRF_COOKIE_MAX_AGE);
  return token;
}

/**
 * Double-submit check of a browser flow submit: the `csrf_token` field (or X-CSRF-Token header)
 * must equal the cookie, and both the token the flow was issued with. Another site can make the
 * browser send the cookie, but cannot read it to put it in the body.
 */
export function verifyCsrf(request: FastifyRequest, flow: FlowRow, body: Record<string, unknown>): void {
  const cookie = readCookie(request, CSRF_COOKIE);
  const header = request.headers['x-csrf-token'];
  const sent = typeof body.csrf_token === 'string' ? body.csrf_token : typeof header === 'string' ? header : undefined;
  if (!cookie) {
    throw kratosErrors.csrfViolation(
      'The anti-CSRF cookie was not sent with the request. Make sure cookies are enabled and the request is sent with credentials.',
    );
  }
  if (!sent) {
    throw kratosErrors.csrfViolation(
      'The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).',
    );
  }
  if (!safeEqual(sent, cookie) || !safeEqual(cookie, flow.csrf_token)) {
    throw kratosErrors.csrfViolation(
      'The HTTP Cookie Header was set and a CSRF token was sent but they do not match. We recommend deleting all cookies for this domain and retrying the flow.',
    );
  }
}
