import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setBounded } from '../boundedMap.js';
import type { AppContext } from '../context.js';
import { maintenanceRoutes } from '../maintenance/routes.js';
import { publicStatusPage } from './data.js';
import { LOCAL_TIMES_PATH, LOCAL_TIMES_SCRIPT } from './localTimes.js';
import { renderNotFound, renderStatusPage } from './render.js';

// each page is rebuilt at most this often, whatever the anonymous traffic
const CACHE_MS = 15_000;
const MAX_CACHED = 100;

/** The public status pages: /status/{slug} (HTML) and /status/{slug}.json, for anyone. */
export async function statusPageRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const cache = new Map<string, { at: number; page: Awaited<ReturnType<typeof publicStatusPage>> }>();

  async function load(slug: string) {
    const now = ctx.clock.now();
    const hit = cache.get(slug);
    if (hit && now.getTime() - hit.at >= 0 && now.getTime() - hit.at < CACHE_MS) return hit.page;
    const page = await publicStatusPage(ctx.db.kysely, slug, now);
    setBounded(cache, slug, { at: now.getTime(), page }, MAX_CACHED);
    return page;
  }

  app.get(LOCAL_TIMES_PATH, { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(LOCAL_TIMES_SCRIPT),
  );

  const params = z.object({ slug: z.string().max(200) });
  app.get('/status/:slug', { config: { auth: 'public' }, schema: { params } }, async (request, reply) => {
    const raw = request.params.slug;
    const json = raw.endsWith('.json');
    const slug = json ? raw.slice(0, -5) : raw;
    const page = await load(slug);
    reply.header('cache-control', 'public, max-age=15');
    if (json) {
      if (!page) return reply.code(404).send({ error: 'not_found', message: 'no status page with that name' });
      return reply.type('application/json; charset=utf-8').send(page);
    }
    if (!page) return reply.code(404).type('text/html; charset=utf-8').send(renderNotFound());
    return reply
      .type('text/html; charset=utf-8')
      .send(renderStatusPage(page, `/status/${encodeURIComponent(slug)}.json`));
  });

  await maintenanceRoutes(scope, ctx);
}
