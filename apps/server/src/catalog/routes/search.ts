import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawBuilder } from 'kysely';
import { z } from 'zod';
import { requireSelectiveAccess } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { authorize } from '../../rbac/authorize.js';
import { restrictionSql } from '../../rbac/selectorSql.js';
import { type ResourceKind, searchResources } from '../query/search.js';

const selector = z.object({
  id: z.string().optional(),
  name: z.string().max(200).optional(),
  namespace: z.string().max(200).optional(),
  agent: z.string().optional(),
  search: z.string().max(500).optional(),
  types: z.array(z.string()).max(50).optional(),
  statuses: z.array(z.string()).max(50).optional(),
  health: z.string().optional(),
  tagSelector: z.string().max(500).optional(),
  labelSelector: z.string().max(500).optional(),
  includeDeleted: z.boolean().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  scope: z.string().optional(),
  cache: z.string().optional(),
  fieldSelector: z.string().optional(),
});

const body = z.object({
  limit: z.number().int().min(1).max(1000).optional(),
  checks: z.array(selector).max(20).optional(),
  components: z.array(selector).max(20).optional(),
  configs: z.array(selector).max(20).optional(),
});

/** Which RBAC resource each kind is read as. */
const READ_AS = { checks: 'canaries', components: 'topologies', configs: 'config_scrapers' } as const;

/** POST /api/resources/search: checks, components and config items matching ResourceSelectors. */
export async function searchRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/resources/search',
    // each kind is authorized below, narrowed to the objects the reader's object selectors reach
    { config: { auth: 'authenticated', readOnly: true }, schema: { body } },
    async (request) => {
      requireSelectiveAccess(request, 'config_scrapers', 'read');
      const limit = request.body.limit ?? 50;
      const out: Partial<Record<ResourceKind, unknown[]>> = {};
      for (const kind of ['checks', 'components', 'configs'] as const) {
        const selectors = request.body[kind];
        if (!selectors?.length) continue;
        const subject = request.subject;
        const decision = subject && authorize(subject, READ_AS[kind], 'read', undefined, { selective: true });
        if (!decision?.allowed) continue;
        const { restriction } = decision;
        const narrow = restriction ? (id: RawBuilder<unknown>) => restrictionSql(restriction, id) : undefined;
        out[kind] = await searchResources(ctx.db, kind, selectors, limit, narrow);
      }
      return out;
    },
  );
}
