import type { FastifyInstance } from 'fastify';
import type { OrganizationConfig } from './config.js';

/**
 * Direct mode: the one configured browser origin may call the API with a bearer token. No
 * credentials (cookies) are allowed cross-origin, and every other origin gets no CORS headers.
 */
export function registerOrganizationCors(app: FastifyInstance, org: OrganizationConfig | undefined): void {
  const allowed = org?.audience ? org.corsOrigin : undefined;
  if (!allowed) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin !== allowed || !request.url.startsWith('/api/')) return;
    reply.header('Access-Control-Allow-Origin', allowed);
    reply.header('Vary', 'Origin');
    // the web app reads the total of a page from Content-Range, a download's name from Content-Disposition
    reply.header('Access-Control-Expose-Headers', 'Content-Range, Content-Disposition, X-Request-Id');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Prefer, Accept, Range');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
