import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { reportHtml } from './export/html.js';
import { currentReport } from './schedule.js';
import { loadApplication } from './store.js';

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/i;
const params = z.object({
  namespace: z.string().regex(NAME, { error: 'namespace: expected letters, digits, dots or dashes' }),
  name: z.string().regex(NAME, { error: 'name: expected letters, digits, dots or dashes' }),
});
const exportQuery = z.object({
  format: z.enum(['json', 'html'], { error: 'format: expected json or html' }).default('json'),
  disposition: z
    .enum(['inline', 'attachment'], { error: 'disposition: expected inline or attachment' })
    .default('attachment'),
});

/** The audit report of an application and its export. */
export async function applicationRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // the report reads the catalog: catalog read (config_scrapers), like Mission Control's catalog:read
  const auth = { resource: 'config_scrapers', action: 'read' } as const;

  const report = async (namespace: string, name: string) => {
    const stored = await loadApplication(ctx.db.kysely, namespace, name);
    if (!stored) throw notFound(`application ${namespace}/${name} not found`);
    return currentReport(ctx, stored);
  };

  app.get('/api/application/:namespace/:name', { config: { auth }, schema: { params } }, async (request) =>
    report(request.params.namespace, request.params.name),
  );

  app.get(
    '/api/application/:namespace/:name/export',
    { config: { auth }, schema: { params, querystring: exportQuery } },
    async (request, reply) => {
      const r = await report(request.params.namespace, request.params.name);
      const { format, disposition } = request.query;
      const file = `${r.namespace}-${r.name}-audit.${format}`;
      reply.header('content-disposition', `${disposition}; filename="${file}"`);
      if (format === 'html') {
        // the export has no scripts; this page may not run any even if opened from our origin
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        return reply.type('text/html; charset=utf-8').send(reportHtml(r));
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(r, null, 2));
    },
  );
}
