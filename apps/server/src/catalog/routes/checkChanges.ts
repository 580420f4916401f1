import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { checkChanges } from '../query/checkChanges.js';

const params = z.object({ id: z.uuid({ error: 'id: expected a check id (uuid)' }) });
const query = z.object({
  window: z.string().optional(),
  depth: z.coerce.number().int().min(0).max(5).optional(),
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /api/catalog/checks/:id/changes: what changed on the check's config items before it failed. */
export async function checkChangesRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/catalog/checks/:id/changes',
    { config: { auth: { resource: 'config_scrapers', action: 'read' } }, schema: { params, querystring: query } },
    async (request) => checkChanges(ctx.db, request.params.id, request.query),
  );
}
