import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest, DomainError, notFound } from '../errors.js';
import { sandboxPolicy } from '../sandbox/config.js';
import { connectionResolver } from './resolver.js';
import { ConnectionNotFoundError } from './store.js';
import { testConnection, UntestableConnectionError } from './tester.js';

/** POST /api/connection/test/:id: really tries a stored connection. */
export async function connectionRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/connection/test/:id',
    {
      // testing uses the stored secrets: the same access as reading connections
      config: { auth: { resource: 'connections', action: 'read' } },
      schema: { params: z.object({ id: z.uuid({ error: 'expected a connection id (uuid)' }) }) },
    },
    async (request) => {
      const resolver = connectionResolver(ctx);
      resolver.invalidate();
      let conn: Awaited<ReturnType<typeof resolver.resolve>>;
      try {
        conn = await resolver.resolve(request.params.id);
      } catch (err) {
        if (err instanceof ConnectionNotFoundError) throw notFound(`connection ${request.params.id} not found`);
        throw err;
      }
      let result: Awaited<ReturnType<typeof testConnection>>;
      try {
        result = await testConnection(conn, `connection://${conn.namespace}/${conn.name}`, sandboxPolicy(ctx.config));
      } catch (err) {
        if (err instanceof UntestableConnectionError) throw badRequest(err.message);
        throw err;
      }
      if (!result.pass) {
        throw new DomainError('invalid', `connection test failed: ${result.error ?? result.message}`, {
          error: 'connection_failed',
        });
      }
      // a bare TCP connect proves the port is open, not that the credentials work: say which it was
      if (result.reachedOnly) {
        return {
          message: `port reached; the credentials were not tried (no ${conn.type} client here)`,
          payload: { duration: result.duration, message: result.message, reachedOnly: true },
        };
      }
      return { message: 'connection successful', payload: { duration: result.duration, message: result.message } };
    },
  );
}
