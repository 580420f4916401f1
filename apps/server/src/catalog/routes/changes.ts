import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { catalogChanges } from '../query/changes.js';

const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const changesBody = z
  .object({
    id: z.string().optional(),
    config_type: z.string().optional(),
    type: z.string().optional(),
    severity: z.string().optional(),
    source: z.string().optional(),
    summary: z.string().max(500).optional(),
    created_by: z.string().optional(),
    external_created_by: z.string().optional(),
    agent_id: z.string().optional(),
    tags: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    from_inserted_at: z.string().optional(),
    to_inserted_at: z.string().optional(),
    include_deleted_configs: bool.optional(),
    recursive: z.enum(['upstream', 'downstream', 'all', 'none']).optional(),
    depth: int(1, 10).optional(),
    soft: bool.optional(),
    lenient: bool.optional(),
    page: int(1, 1_000_000).optional(),
    page_size: int(1, 1000).optional(),
    sort_by: z.string().optional(),
  })
  .default({});

/** POST (and GET with the same parameters in the query) /api/catalog/changes. */
export async function changesRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const config = { auth: { resource: 'config_scrapers', action: 'read' } as const };
  app.post('/api/catalog/changes', { config, schema: { body: changesBody } }, async (request) =>
    catalogChanges(ctx.db, request.body, ctx.clock.now()),
  );
  app.get('/api/catalog/changes', { config, schema: { querystring: changesBody } }, async (request) =>
    catalogChanges(ctx.db, request.query, ctx.clock.now()),
  );
}
