import { mayRunChecks, resolveDateMath } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedAgentCodeRefusal } from '../agents/index.js';
import { requireAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError, notFound } from '../errors.js';
import { closeJavaScript } from '../expr/index.js';
import { onDemandRunner } from './engine.js';
import { checkGraph } from './graph.js';
import { loadRunnableCheck, maskedResultText } from './load.js';
import { pushRoutes } from './push/routes.js';

const uuid = z.uuid({ error: 'expected a check id (uuid)' });

/** Reads `1h`, `7d` (that long before now) or an RFC 3339 time. */
function parseWhen(value: string | undefined, now: Date, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const t = resolveDateMath(value, now, { durationAgo: true });
  if (t === undefined) throw badRequest(`${name}: expected a duration such as 1h or 7d, or an RFC 3339 time`);
  return t;
}

/** Run Now and a check's history graph under /api/canary. */
export async function healthRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // the threads of `javascript:` expressions stop with the server
  scope.addHook('onClose', async () => closeJavaScript());
  await pushRoutes(scope, ctx);

  app.post(
    '/api/canary/run/check/:id',
    {
      // running is a write for an access token's scope: a token that may not change canaries cannot
      config: { auth: 'authenticated', writes: { resource: 'canaries', action: 'update' } },
      schema: { params: z.object({ id: uuid }) },
    },
    async (request) => {
      const subject = requireAccess(request, 'canaries', 'read');
      if (!mayRunChecks(subject.roles)) {
        throw new DomainError('forbidden', 'running a check needs the admin, editor, responder or commander role');
      }
      const found = await loadRunnableCheck(ctx.db, request.params.id);
      if (!found) throw notFound(`check ${request.params.id} not found`);
      if (found.deleted) throw badRequest(`check ${request.params.id} is deleted and cannot run`);
      const refusal = await storedAgentCodeRefusal(ctx.db.kysely, ctx.config.sandbox.exec, 'checks', found.check.id);
      if (refusal) throw new DomainError('forbidden', refusal);
      const { runner, writer } = onDemandRunner(ctx, request.log);
      const time = ctx.clock.now();
      const result = await runner.runCheck(found.canary, found.check);
      await writer.flush();
      // the message and error read masked, as the check's history shows them (docs/secrets.md)
      const shown = await maskedResultText(ctx.db, result);
      return {
        id: found.check.id,
        name: found.check.name,
        type: found.check.type,
        time: time.toISOString(),
        pass: result.pass,
        invalid: result.invalid,
        message: shown?.message ?? '',
        error: shown?.error ?? null,
        duration: result.duration,
        detail: result.detail ?? null,
      };
    },
  );

  const graphQuery = z.object({
    check: uuid,
    start: z.string().optional(),
    since: z.string().optional(),
    end: z.string().optional(),
    until: z.string().optional(),
  });
  const graph = async (query: z.infer<typeof graphQuery>) => {
    const started = performance.now();
    const now = ctx.clock.now();
    const to = parseWhen(query.end ?? query.until, now, 'end') ?? now;
    const from = parseWhen(query.start ?? query.since, now, 'start') ?? new Date(to.getTime() - 3_600_000);
    if (from.getTime() >= to.getTime()) throw badRequest('start must be before end');
    const result = await checkGraph(ctx.db, query.check, from, to);
    return { duration: Math.round(performance.now() - started), runnerName: 'local', ...result };
  };
  const graphRoute = {
    config: { auth: { resource: 'canaries', action: 'read' } as const },
    schema: { querystring: graphQuery },
  };
  app.get('/api/canary/api/graph', graphRoute, async (request) => graph(request.query));
}
