import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { configVersion } from '../query/versions.js';

const params = z.object({
  id: z.uuid({ error: 'id: expected a config item id (uuid)' }),
  changeId: z.uuid({ error: 'changeId: expected a change id (uuid)' }),
});

/** GET /api/catalog/configs/:id/versions/:changeId: the config before that change, and its diff to now. */
export async function versionRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/catalog/configs/:id/versions/:changeId',
    { config: { auth: { resource: 'config_scrapers', action: 'read' } }, schema: { params } },
    async (request) => configVersion(ctx.db, request.params.id, request.params.changeId),
  );
}
