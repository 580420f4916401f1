import { parseDuration } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedAgentCodeRefusal } from '../agents/index.js';
import { connectionResolver } from '../connections/resolver.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError, notFound } from '../errors.js';
import { sandboxPolicy } from '../sandbox/config.js';
import { queryTopology } from './query.js';
import { runTopology } from './run.js';
import { topologySnapshot } from './snapshot.js';
import { liveTopologyId } from './topologies.js';

const uuid = z.uuid({ error: 'expected a component id (uuid)' });
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `k=v,k2=v2` into an object; anything else is a 400 naming the term. */
function parseLabels(v: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of list(v)) {
    const eq = term.indexOf('=');
    if (eq <= 0) throw badRequest(`labels: expected key=value pairs separated by commas, got '${term}'`);
    out[term.slice(0, eq)] = term.slice(eq + 1);
  }
  return out;
}

/** The topology tree, Run Now and the snapshot. */
export async function topologyRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  const treeQuery = z.object({
    id: uuid.optional(),
    depth: z.coerce.number().int().min(0).max(20).optional(),
    labels: z.string().optional(),
    status: z.string().optional(),
    type: z.string().optional(),
    team: z.string().optional(),
    agent_id: z.string().optional(),
    hidden: z.enum(['true', 'false']).optional(),
    flatten: z.string().optional(),
    sortBy: z.string().optional(),
    sortOrder: z.string().optional(),
  });
  app.get(
    '/api/canary/api/topology',
    { config: { auth: { resource: 'topologies', action: 'read' } as const }, schema: { querystring: treeQuery } },
    async (request) => {
      const q = request.query;
      const result = await queryTopology(ctx.db, {
        id: q.id,
        depth: q.depth ?? 5,
        labels: parseLabels(q.labels),
        status: list(q.status),
        types: list(q.type),
        team: q.team || undefined,
        agentId: q.agent_id || undefined,
        hidden: q.hidden === undefined ? undefined : q.hidden === 'true',
      });
      if (!result) throw notFound(`component ${q.id} not found`);
      return result;
    },
  );

  app.post(
    '/api/canary/run/topology/:id',
    {
      config: { auth: { resource: 'topologies', action: 'update' } as const },
      schema: { params: z.object({ id: z.uuid({ error: 'expected a topology id (uuid)' }) }) },
    },
    async (request) => {
      const id = await liveTopologyId(ctx.db.kysely, request.params.id);
      if (!id) throw notFound(`topology ${request.params.id} not found`);
      const refusal = await storedAgentCodeRefusal(ctx.db.kysely, ctx.config.sandbox.exec, 'topologies', id);
      if (refusal) throw new DomainError('forbidden', refusal);
      try {
        const r = await runTopology(
          { db: ctx.db, clock: ctx.clock, resolver: connectionResolver(ctx), sandbox: sandboxPolicy(ctx.config) },
          request.params.id,
        );
        return { components: r.components, deleted: r.deleted, errors: r.errors };
      } catch (err) {
        // the run is recorded as FAILED in job_history; the caller gets its reason
        request.log.warn({ err, topology: request.params.id }, 'topology run failed');
        return { components: 0, deleted: 0, errors: [err instanceof Error ? err.message : String(err)] };
      }
    },
  );

  const snapshotQuery = z.object({
    start: z.string().optional(),
    related: z.enum(['true', 'false']).optional(),
  });
  app.get(
    '/api/snapshot/topology/:id',
    {
      config: { auth: { resource: 'topologies', action: 'read' } as const },
      schema: { params: z.object({ id: uuid }), querystring: snapshotQuery },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      const window = parseDuration((request.query.start ?? '15m').replace(/^now-/, ''));
      if (window === undefined) throw badRequest('start: expected a duration such as 15m, 1h or 7d');
      const zip = await topologySnapshot(ctx.db, request.params.id, {
        since: new Date(now.getTime() - window),
        related: request.query.related === 'true',
        now,
      });
      if (!zip) throw notFound(`component ${request.params.id} not found`);
      const name = `snapshot-${now.toISOString().replace(/[:.]/g, '-')}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Buffer.from(zip));
    },
  );
}
