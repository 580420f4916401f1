import { logsRequestSchema } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runScope } from '../abort.js';
import { requireAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError } from '../errors.js';
import { mayReadLogBackend } from '../rbac/logBackends.js';
import { maskText } from '../rest/secretValues.js';
import { FileAccessError } from '../sandbox/fileRoots.js';
import { searchLogs } from './search.js';
import { LogBackendError } from './types.js';

/** Longest a search may run before it is cut off (a day over slow remote backends). */
const SEARCH_TIMEOUT_MS = 60_000;

/**
 * `POST /api/logs`: reading logs is `read` on `logging_backends` (the `logs`
 * global object of permissions); searching a component's logs also needs read on topologies.
 */
export async function logRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/logs',
    {
      config: { auth: { resource: 'logging_backends', action: 'read' } as const },
      schema: { body: logsRequestSchema },
    },
    async (request) => {
      if (request.body.id) requireAccess(request, 'topologies', 'read');
      const run = runScope(
        undefined,
        SEARCH_TIMEOUT_MS,
        () => new DomainError('timeout', 'the log search took too long'),
      );
      try {
        const subject = request.subject;
        // restricted backends (OpsDeck's own log) only to whom rbac/logBackends.ts lets read them
        return await searchLogs(ctx, request.body, run.signal, (labels) =>
          subject ? mayReadLogBackend(subject, labels) : false,
        );
      } catch (err) {
        if (run.signal.aborted && run.signal.reason instanceof DomainError) throw run.signal.reason;
        if (err instanceof FileAccessError) throw badRequest(err.message);
        // masked once more here: no backend's reason is answered with a credential in it
        if (err instanceof LogBackendError)
          throw new DomainError('upstream_failed', await maskText(ctx.db, err.message), { error: 'backend' });
        throw err;
      } finally {
        run.dispose();
      }
    },
  );
}
