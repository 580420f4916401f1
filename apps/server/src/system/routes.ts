import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { VERSION } from '../version.js';
import { exposition, requestedFamilies } from './exposition.js';
import { metricsAccess } from './metricsAccess.js';
import { readiness } from './readiness.js';

/** Liveness, readiness, Prometheus metrics and the version shown in the user menu. */
export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pub = { config: { auth: 'public' as const } };

  // /health is also the web app's Health page: a browser asking for HTML gets the app, probes get JSON
  app.get('/health', pub, async (request, reply) => {
    if (request.headers.accept?.includes('text/html')) return reply.callNotFound();
    return { status: 'ok' };
  });

  // readiness: the database answers and every migration of this build is applied (503 otherwise)
  app.get('/ready', pub, async (_request, reply) => {
    const base = { database: ctx.db.kind, role: ctx.config.role };
    try {
      const { ready, pending } = await readiness(ctx.db);
      if (ready) return { status: 'ok', ...base };
      return reply.code(503).send({ status: 'unavailable', ...base, reason: 'migrations pending', pending });
    } catch (err) {
      reply.log.warn({ err }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'unavailable', ...base, reason: 'database unreachable' });
    }
  });

  app.get('/metrics', { ...pub, preHandler: metricsAccess(ctx.config.http) }, async (request, reply) => {
    reply.type(ctx.metrics.contentType);
    return reply.send(await exposition(ctx.metrics, requestedFamilies(request.query)));
  });

  // Mission Control answers {appVersion, chartVersion}; the UI reads `backend` for the user menu
  const about = async () => ({ appVersion: VERSION, backend: VERSION, database: ctx.db.kind });
  app.get('/api/canary/about', { config: { auth: 'authenticated' } }, about);
  app.get('/api/about', { config: { auth: 'authenticated' } }, about);
}
