import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../auth.js';
import { connectionSecretBox } from '../connections/secrets.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError } from '../errors.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { planImport } from './parse.js';
import { IMPORT_SOURCES, ImportInputError } from './plan.js';
import { importPlan, summarize } from './store.js';

const body = z.object({
  /** The Kuma backup (JSON) or Gatus configuration (YAML) as text. */
  content: z.string().min(1, 'content: the file to import is empty'),
  namespace: z.string().optional(),
  dryRun: z.boolean().optional(),
});

/**
 * `POST /api/import/kuma|gatus {content, namespace?, dryRun?}`: plans the import and answers what
 * would be created and what cannot be carried over; without dryRun stores it all in one
 * transaction. Creating canaries, connections and rules needs the right to create each.
 */
export async function importRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/import/:source',
    {
      config: { auth: 'authenticated' },
      schema: { params: z.object({ source: z.enum(IMPORT_SOURCES, { message: 'source: kuma or gatus' }) }), body },
    },
    async (request) => {
      const subject = requireAccess(request, 'canaries', 'create');
      requireAccess(request, 'connections', 'create');
      requireAccess(request, 'notifications', 'create');
      const { content, namespace, dryRun } = request.body;
      let plan: ReturnType<typeof planImport>;
      try {
        plan = planImport(request.params.source, content, namespace);
      } catch (err) {
        if (err instanceof ImportInputError || err instanceof RangeError) throw badRequest(err.message);
        throw err;
      }
      // an imported canary that runs code follows OPSDECK_EXEC like any other save
      const refusal = plan.canaries
        .map((c) => execWriteRefusal(ctx.config.sandbox.exec, subject.roles, c.spec))
        .find(Boolean);
      if (refusal) throw new DomainError('forbidden', refusal);
      if (dryRun) return summarize(plan, true);
      const box = connectionSecretBox(ctx.config);
      const createdBy = subject.kind === 'person' ? subject.id : null;
      return importPlan(ctx.db.kysely, plan, { box, clock: ctx.clock, createdBy });
    },
  );
}
