import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from './config.js';

/** The session cookie; Kratos's name, so a real Kratos can replace the built-in server. */
export const SESSION_COOKIE = 'ory_kratos_session';
/** The anti-CSRF cookie paired with each browser flow's `csrf_token` node. */
export const CSRF_COOKIE = 'csrf_token';
/** Where the identity API is mounted. */
export const ORY_PREFIX = '/api/.ory';

/** Reads one cookie from the request header. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      const value = decodeURIComponent(raw);
      // a NUL cannot be stored (flows keep the csrf cookie); such a cookie counts as absent
      return value.includes('\u0000') ? undefined : value;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets (or with maxAgeMs 0 clears) an HttpOnly, SameSite=Lax cookie on the whole site. */
export function setCookie(
  reply: FastifyReply,
  config: IdentityConfig,
  name: string,
  value: string,
  maxAgeMs: number,
): void {
  const secure =
    config.cookieSecure === 'true' || (config.cookieSecure === 'auto' && reply.request.protocol === 'https');
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (maxAgeMs > 0) parts.push(`Expires=${new Date(Date.now() + maxAgeMs).toUTCString()}`);
  if (secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

/** The public origin: configured, or the origin this request reached. */
export function publicOrigin(request: FastifyRequest, config: IdentityConfig): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** Absolute URL of an identity API path (`/self-service/login?flow=...`). */
export function apiUrl(request: FastifyRequest, config: IdentityConfig, path: string): string {
  return `${publicOrigin(request, config)}${ORY_PREFIX}${path}`;
}

/** Absolute URL of a web app page (`/login?flow=...`). */
export function uiUrl(request: FastifyRequest, config: IdentityConfig, path: string): string {
  return `${publicOrigin(request, config)}${path}`;
}

/**
 * Whether the client wants JSON rather than redirects: Ory's SDKs send `Accept: application/json`;
 * a plain HTML form post or a browser navigation does not.
 */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const type = request.headers['content-type'] ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

/**
 * The submitted fields as a flat map of dotted names (`traits.name.first`), whether the body
 * came as JSON (nested objects) or as an HTML form.
 */
export function flatBody(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && prefix !== 'transient_payload') {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (prefix) {
      out[prefix] = value;
    }
  };
  walk(body, '');
  return out;
}

/** A string field of a submitted body, or undefined. */
export function field(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A boolean-ish field (`true`, `"true"`, `"on"`). */
export function flag(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  return v === true || v === 'true' || v === 'on' || v === '1';
}
