import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../auth.js';
import type { AppContext } from '../context.js';
import { unauthorized } from '../errors.js';
import type { Subject } from '../rbac/resources.js';
import { listenForLive } from './listener.js';
import { liveHub } from './registry.js';

const EVENT_ID = /^[0-9a-f]{1,16}-\d{1,15}$/;

const streamQuery = z.object({
  lastEventId: z
    .string()
    .regex(EVENT_ID, { error: 'lastEventId: expected an event id as sent by this stream (epoch-sequence)' })
    .optional(),
});

/** Signs in again with the headers the stream was opened with (the session may have ended since). */
function reauthenticator(request: FastifyRequest, authenticators: Authenticator[]): () => Promise<Subject | null> {
  const again = { headers: { ...request.headers } } as FastifyRequest;
  return async () => {
    for (const authenticate of authenticators) {
      const subject = await authenticate(again);
      if (subject) return subject;
    }
    return null;
  };
}

/**
 * GET /api/events/stream: server-sent events for the signed-in holder (check results and
 * transitions, incident and playbook run changes), each delivered only if the holder may read it.
 */
export async function liveRoutes(scope: FastifyInstance, ctx: AppContext, authenticators: Authenticator[]) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const hub = liveHub(ctx);
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await listenForLive(ctx.db, hub, app.log);
  });
  // streams never end on their own: close them before the server waits for requests to finish
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await stopListening?.();
    stopListening = undefined;
  });

  app.get(
    '/api/events/stream',
    { config: { auth: 'authenticated' }, schema: { querystring: streamQuery } },
    async (request, reply) => {
      const subject = request.subject;
      if (!subject) throw unauthorized();
      const header = request.headers['last-event-id'];
      const given = typeof header === 'string' && header ? header : request.query.lastEventId;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      request.raw.socket.setNoDelay(true);
      hub.open(res, subject, reauthenticator(request, authenticators), given);
    },
  );
}
