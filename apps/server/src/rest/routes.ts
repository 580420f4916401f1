import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerJsonBody } from './body.js';
import { readTable } from './handlers/read.js';
import { callFunction } from './handlers/rpc.js';
import { writeTable } from './handlers/write.js';

/**
 * The PostgREST-compatible resource layer under /api/db (ARCHITECTURE section 4). Every route is
 * open to any signed-in subject; each handler authorizes per table (and per embedded table)
 * against the whitelist in whitelist.ts.
 */
export async function restRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerJsonBody(app);
  const opts = { config: { auth: 'authenticated' as const } };
  app.get('/rpc/:fn', opts, (request, reply) => callFunction(ctx, request, reply));
  // each function declares the action it needs, which authorize() holds a token's scope to
  app.post('/rpc/:fn', { config: { ...opts.config, readOnly: true } }, (request, reply) =>
    callFunction(ctx, request, reply),
  );
  app.get('/:table', opts, (request, reply) => readTable(ctx, request, reply));
  app.post('/:table', opts, (request, reply) => writeTable(ctx, request, reply));
  app.patch('/:table', opts, (request, reply) => writeTable(ctx, request, reply));
  app.delete('/:table', opts, (request, reply) => writeTable(ctx, request, reply));
}
