import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawBuilder } from 'kysely';
import { z } from 'zod';
import { requireSelectiveAccess } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { restrictionSql } from '../../rbac/selectorSql.js';
import { catalogSummary } from '../query/summary.js';

const selector = z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]);

export const summaryBody = z
  .object({
    groupBy: z.array(z.string().min(1)).max(5).optional(),
    filter: z.record(z.string(), z.string()).optional(),
    tags: selector.optional(),
    status: z.string().optional(),
    health: z.string().optional(),
    type: z.string().optional(),
    search: z.string().max(200).optional(),
    deleted: z.boolean().optional(),
    changes: z.object({ since: z.string().optional() }).optional(),
    analysis: z.object({ since: z.string().optional() }).optional(),
    cost: z.string().optional(),
  })
  .default({});

/** POST /api/catalog/summary: the catalog grouped by type (or other keys) with counts. */
export async function summaryRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/catalog/summary',
    { config: { auth: 'authenticated', readOnly: true }, schema: { body: summaryBody } },
    async (request) => {
      // counts only the items the reader's object selectors reach
      const { restriction } = requireSelectiveAccess(request, 'config_scrapers', 'read');
      const narrow = restriction ? (id: RawBuilder<unknown>) => restrictionSql(restriction, id) : undefined;
      return catalogSummary(ctx.db, request.body, ctx.clock.now(), narrow);
    },
  );
}
