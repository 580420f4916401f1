import type { ViewResult } from '@opsdeck/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelectiveAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { registerJsonBody } from '../rest/body.js';
import { readTable } from '../rest/handlers/read.js';
import { writeTable } from '../rest/handlers/write.js';
import { assertConfigVisible, configTabViews, pluginVariables } from './plugins.js';
import { viewRows } from './rows.js';
import { closeScratch } from './scratch.js';
import { findView, viewResult } from './service.js';

const read = { config: { auth: { resource: 'views', action: 'read' } as const } };
const nameParams = z.object({ namespace: z.string().min(1), name: z.string().min(1) });
const idParams = z.object({ id: z.string().min(1) });
const postBody = z
  .object({ variables: z.record(z.string(), z.string({ error: 'expected a string' })).optional() })
  .optional();

/** `Cache-Control: max-age=N` (Refresh sends a small one) -> milliseconds. */
function askedMaxAge(request: FastifyRequest): number | undefined {
  const m = /max-age=(\d+)/.exec(String(request.headers['cache-control'] ?? ''));
  return m ? Number(m[1]) * 1000 : undefined;
}

/** GET variables are the query parameters (`?cluster=prod`); each must be a single value. */
function queryVariables(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query as Record<string, unknown>) ?? {})) {
    if (typeof v !== 'string') throw badRequest(`${k}: expected one value`);
    out[k] = v;
  }
  return out;
}

/**
 * Sends a view answer: a failed refresh answers 502 (its sources or SQL could not produce a
 * result) with the same body, whose `refreshError` says why and which carries the last good result.
 */
function send(reply: FastifyReply, result: ViewResult): ViewResult {
  if (result.refreshStatus === 'error') reply.code(502);
  return result;
}

/** A table of the views domain under /api/config (the sidebar asks /api/config/views_summary). */
function configTable(ctx: AppContext, table: string, handler: typeof readTable) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    (request.params as Record<string, string>) = { table };
    return handler(ctx, request, reply);
  };
}

/** Views (backend-2 section 4.2): the view answer with its panels, its rows paged, the config tables. */
export async function viewRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // the scratch SQL engine of merges and panels stops with the server, before requests are drained,
  // so a refresh stuck in it answers at once instead of holding the shutdown to its deadline
  scope.addHook('preClose', async () => closeScratch());
  scope.addHook('onClose', async () => closeScratch());

  // config tabs (display.plugins): the tabs of a config page and the variables each gets from the config
  const configQuery = z.object({ config_id: z.string({ error: 'config_id: expected a config item id' }) });
  app.get('/api/view/list', { ...read, schema: { querystring: configQuery } }, async (request) => {
    const { restriction } = requireSelectiveAccess(request, 'config_scrapers', 'read', true);
    await assertConfigVisible(ctx, request.query.config_id, restriction);
    return configTabViews(ctx.db, request.query.config_id);
  });
  app.get(
    '/api/view/display-plugin-variables/:id',
    { ...read, schema: { params: idParams, querystring: configQuery } },
    async (request) => {
      const { restriction } = requireSelectiveAccess(request, 'config_scrapers', 'read', true);
      await assertConfigVisible(ctx, request.query.config_id, restriction);
      return pluginVariables(ctx.db, request.params.id, request.query.config_id);
    },
  );

  app.get('/api/view/:namespace/:name', { ...read, schema: { params: nameParams } }, async (request, reply) => {
    const view = await findView(ctx, request.params);
    return send(reply, await viewResult(ctx, view, queryVariables(request.query), askedMaxAge(request)));
  });
  app.post(
    '/api/view/:namespace/:name',
    { ...read, schema: { params: nameParams, body: postBody } },
    async (request, reply) => {
      const view = await findView(ctx, request.params);
      return send(reply, await viewResult(ctx, view, request.body?.variables ?? {}, askedMaxAge(request)));
    },
  );
  app.get('/api/view/:id', { ...read, schema: { params: idParams } }, async (request, reply) => {
    const view = await findView(ctx, { id: request.params.id });
    return send(reply, await viewResult(ctx, view, queryVariables(request.query), askedMaxAge(request)));
  });
  app.post('/api/view/:id', { ...read, schema: { params: idParams, body: postBody } }, async (request, reply) => {
    const view = await findView(ctx, { id: request.params.id });
    return send(reply, await viewResult(ctx, view, request.body?.variables ?? {}, askedMaxAge(request)));
  });

  const rowsQuery = z
    .object({
      fingerprint: z
        .string({ error: 'fingerprint: the requestFingerprint of the view answer' })
        .regex(/^[0-9a-f]{16}$/, {
          error: 'expected the requestFingerprint of the view answer',
        }),
      limit: z.coerce.number().int().min(1).max(500).default(50),
      offset: z.coerce.number().int().min(0).default(0),
      sort: z.string().optional(),
      order: z.enum(['asc', 'desc']).optional(),
      search: z.string().max(200).optional(),
    })
    .catchall(z.string());
  app.get('/api/views/:id/rows', { ...read, schema: { params: idParams, querystring: rowsQuery } }, async (request) => {
    const view = await findView(ctx, { id: request.params.id });
    const { fingerprint, limit, offset, sort, order, search, ...rest } = request.query;
    const filters: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(rest)) {
      if (!k.startsWith('filter.')) throw badRequest(`${k}: unknown parameter (filter.<column>=a,b)`);
      filters[k.slice(7)] = String(v)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
    return viewRows(ctx.db, view.id, view.spec, { fingerprint, limit, offset, sort, order, search, filters });
  });

  // /api/config/views and /views_summary: the /api/db handlers and RBAC
  await scope.register(async (config) => {
    registerJsonBody(config);
    const opts = { config: { auth: 'authenticated' as const } };
    for (const table of ['views', 'views_summary'])
      config.get(`/api/config/${table}`, opts, configTable(ctx, table, readTable));
    for (const method of ['post', 'patch', 'delete'] as const) {
      config[method]('/api/config/views', opts, configTable(ctx, 'views', writeTable));
    }
  });
}
