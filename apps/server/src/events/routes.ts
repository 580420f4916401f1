import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { eventQueueSummary } from './summary.js';

/** GET /api/canary/event_queue_summary: what waits in the event queue and what keeps failing. */
export async function eventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/canary/event_queue_summary', { config: { auth: { resource: 'database', action: 'read' } } }, () =>
    eventQueueSummary(ctx.db.kysely),
  );
}
