import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../http/context.js';
import { VERSION } from '../version.js';
import { metricsAccess } from './metricsAccess.js';

/** Liveness, readiness, Prometheus metrics and the version shown in the user menu. */
export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pub = { config: { auth: 'public' as const } };

  // /health is also the web app's Health page: a browser asking for HTML gets the app, probes get JSON
  app.get('/health', pub, async (request, reply) => {
    if (request.headers.accept?.includes('text/html')) return reply.callNotFound();
    return { status: 'ok' };
  });

  app.get('/ready', pub, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db.kysely);
      return { status: 'ok', database: ctx.db.kind };
    } catch (err) {
      reply.log.warn({ err }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: ctx.db.kind });
    }
  });

  app.get('/metrics', { ...pub, preHandler: metricsAccess(ctx.config.http) }, async (_request, reply) => {
    reply.type(ctx.metrics.contentType);
    return ctx.metrics.metrics();
  });

  // the reference answers {appVersion, chartVersion}; the UI reads `backend` for the user menu
  const about = async () => ({ appVersion: VERSION, backend: VERSION, database: ctx.db.kind });
  app.get('/api/canary/about', { config: { auth: 'authenticated' } }, about);
  app.get('/api/about', { config: { auth: 'authenticated' } }, about);
}
