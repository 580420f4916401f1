import { playbookRunRequestSchema } from '@opsdeck/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelectiveAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { notFound, unauthorized } from '../errors.js';
import { listPlaybooks } from './list.js';
import { playbookObject, requireTarget } from './permission.js';
import { findMaskedRun, maskedRunActions, runPlaybookHeader } from './runStore.js';
import { approveRun, cancelRun, runParameters, startRun } from './runs.js';
import { webhookRoutes } from './webhook.js';

const uuid = (what: string) => z.uuid({ error: `expected a ${what} id (uuid)` });

/** `/api/playbook/...` and artifact downloads. */
export async function playbookRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const subjectOf = (request: { subject: import('../rbac/resources.js').Subject | null }) => {
    if (!request.subject) throw unauthorized();
    return request.subject;
  };

  app.get(
    '/api/playbook/list',
    {
      config: { auth: 'authenticated' },
      schema: {
        querystring: z.object({
          config_id: uuid('config').optional(),
          check_id: uuid('check').optional(),
          component_id: uuid('component').optional(),
        }),
      },
    },
    async (request) => {
      // read on playbooks, narrowed to the playbooks the reader's object selectors reach
      const { subject, restriction } = requireSelectiveAccess(request, 'playbooks', 'read');
      return listPlaybooks(ctx, subject, restriction, request.query);
    },
  );

  app.post(
    '/api/playbook/:id/params',
    {
      config: { auth: 'authenticated', readOnly: true },
      schema: {
        params: z.object({ id: uuid('playbook') }),
        body: playbookRunRequestSchema.partial({ id: true }).optional(),
      },
    },
    async (request) => {
      const { params } = await runParameters(ctx, subjectOf(request), {
        ...(request.body ?? {}),
        id: request.params.id,
      });
      return { params };
    },
  );

  app.post(
    '/api/playbook/run',
    { config: { auth: 'authenticated' }, schema: { body: playbookRunRequestSchema } },
    async (request, reply) => {
      const out = await startRun(ctx, subjectOf(request), request.body);
      return reply.code(201).send(out);
    },
  );

  const runParams = { params: z.object({ id: uuid('playbook run') }) };
  app.post(
    '/api/playbook/run/approve/:id',
    { config: { auth: 'authenticated' }, schema: runParams },
    async (request) => {
      await approveRun(ctx, subjectOf(request), request.params.id);
      return { message: 'playbook run approved' };
    },
  );
  app.post(
    '/api/playbook/run/cancel/:id',
    { config: { auth: 'authenticated' }, schema: runParams },
    async (request) => {
      await cancelRun(ctx, subjectOf(request), request.params.id);
      return { message: 'playbook run cancelled' };
    },
  );

  // read on playbook_runs, decided on the run's playbook: a selector row denying the playbook
  // takes its runs away too (checked per run, so one denied playbook does not hide the others)
  const readRuns = { auth: 'authenticated' } as const;
  const readableRun = async (request: FastifyRequest, id: string) => {
    const { subject } = requireSelectiveAccess(request, 'playbook_runs', 'read');
    const run = await findMaskedRun(ctx.db.kysely, id);
    if (!run) throw notFound(`playbook run ${id} not found`);
    const playbook = await runPlaybookHeader(ctx.db.kysely, run.playbook_id);
    const like = playbook ?? { id: run.playbook_id, name: run.playbook_id, namespace: '', category: '' };
    requireTarget(
      subject,
      'playbook_runs',
      'read',
      { playbook_id: run.playbook_id },
      'this playbook run',
      playbookObject(like),
    );
    return { run, playbook };
  };
  app.get('/api/playbook/run/:id', { config: readRuns, schema: runParams }, async (request) => {
    return (await readableRun(request, request.params.id)).run;
  });
  app.get('/api/playbook/run/:id/status', { config: readRuns, schema: runParams }, async (request) => {
    const { run, playbook } = await readableRun(request, request.params.id);
    const actions = await maskedRunActions(ctx.db.kysely, run.id);
    return { playbook, run, actions };
  });

  await webhookRoutes(app, ctx);
}
