import './exposed.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { authorize } from '../rbac/authorize.js';
import { objectiveDetail } from './detail.js';
import { computeObjective, loadShared } from './figures.js';
import { componentNames, loadObjective, loadObjectives, readsComponent } from './store.js';

const params = z.object({ id: z.uuid({ error: 'id: expected an objective id (a UUID)' }) });
const listQuery = z.object({
  component: z
    .string()
    .trim()
    .min(1, { error: 'component: expected a component id or name' })
    .max(256, { error: 'component: at most 256 characters' })
    .optional(),
});

/**
 * GET /api/slos (every objective's figures; `?component=` only those whose indicator reads that
 * component's checks, as its panel shows them) and GET /api/slos/:id (one, with the checks it reads,
 * its bad intervals, incidents and maintenance in its window). Objectives read check results, so
 * they are read as checks are (canaries); incidents are listed to who may read incidents.
 */
export async function objectiveRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const auth = { resource: 'canaries', action: 'read' } as const;

  app.get('/api/slos', { config: { auth }, schema: { querystring: listQuery } }, async (request) => {
    const now = ctx.clock.now().getTime();
    const { component } = request.query;
    const [all, names] = await Promise.all([
      loadObjectives(ctx.db.kysely),
      component ? componentNames(ctx.db.kysely, component) : Promise.resolve(undefined),
    ]);
    const objectives = names ? all.filter((o) => readsComponent(o, names)) : all;
    // every live check is read only when there is an objective to work out: the page asks on every visit
    if (!objectives.length) return { objectives: [] };
    const shared = await loadShared(ctx.db.kysely);
    const out = [];
    for (const o of objectives) out.push((await computeObjective(ctx.db.kysely, o, now, shared)).figures);
    return { objectives: out };
  });

  app.get('/api/slos/:id', { config: { auth }, schema: { params } }, async (request) => {
    const o = await loadObjective(ctx.db.kysely, request.params.id);
    if (!o) throw notFound(`objective ${request.params.id} not found`);
    const now = ctx.clock.now().getTime();
    const computed = await computeObjective(ctx.db.kysely, o, now);
    const incidents = request.subject ? authorize(request.subject, 'incident', 'read').allowed : false;
    return objectiveDetail(ctx.db.kysely, o, computed, now, incidents);
  });
}
