import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy the built web app runs under: its own scripts only (no inline script, no eval),
 * inline styles (React `style` props, recharts), pictures from anywhere over HTTPS (avatars of
 * OIDC accounts), API calls to its own origin (plus, in direct mode, the provider and the
 * organizations' backends), and never inside a frame.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

const HSTS = 'max-age=31536000';

/**
 * Security headers on every response (web app, API, errors): CSP, X-Frame-Options DENY, nosniff,
 * a Referrer-Policy that keeps paths on this site, and HSTS when the request came over HTTPS
 * (directly, or per X-Forwarded-Proto from a proxy trusted by OPSDECK_TRUST_PROXY).
 */
export async function registerSecurityHeaders(app: FastifyInstance, connectTo: string[] = []): Promise<void> {
  // direct mode: the web app also calls the provider (token endpoint) and the organizations' backends
  const directives = { ...CONTENT_SECURITY_POLICY, 'connect-src': ["'self'", ...connectTo] };
  await app.register(fastifyHelmet, {
    // no `upgrade-insecure-requests` nor `form-action`: OpsDeck is often served over plain HTTP
    // on a LAN, and sign-in forms redirect to OIDC providers and allowed return URLs
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // set below, only over HTTPS: a browser ignores it over HTTP, a proxy may not
    strictTransportSecurity: false,
    // the web app shows external avatars and opens OIDC providers; keep their defaults off
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
