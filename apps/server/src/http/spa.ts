import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app from `webDir`: hashed assets with a long cache, and index.html
 * for every other GET that is not an API path (client-side routes, deep links).
 */
export async function registerSpa(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const index = webDir ? path.join(webDir, 'index.html') : undefined;
  const built = index !== undefined && existsSync(index);
  if (built && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // the build leaves .br and .gz copies beside its text files: sent as they are when asked for
      preCompressed: true,
      // @fastify/static 10 hands over the FastifyReply (older versions the raw ServerResponse)
      setHeaders(res: unknown, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const value = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
        const target = res as Partial<FastifyReply> & Partial<ServerResponse>;
        if (typeof target.header === 'function') target.header('cache-control', value);
        else target.setHeader?.('cache-control', value);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !url.startsWith('/api') && !path.extname(url);
    if (isPage && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (isPage && !built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The OpsDeck web app is not built. Run `npm run build`, or start with `npm start`.');
    }
    return reply.code(404).send({ error: 'not_found', message: `${request.method} ${url} not found` });
  });
}
