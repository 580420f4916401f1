import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { connectionResolver } from '../connections/resolver.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { ResourceFileError } from '../resourceYaml.js';
import { MAX_APPLY_BYTES, readApplyDocuments } from './reader.js';
import { applyDocuments } from './service.js';

const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];
const query = z.object({ dryRun: z.enum(['true', 'false']).optional() });

/**
 * POST /api/apply (store) and DELETE /api/apply (remove) take the multi-document YAML of
 * `opsdeck apply -f` for GitOps tools: every document authorized as a write to its kind, all
 * applied in one transaction or none. `?dryRun=true` answers the same and writes nothing.
 */
export async function applyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // the text reaches the reader, which refuses an oversized body with a 400 naming the limit
  app.addContentTypeParser(YAML_TYPES, { parseAs: 'string', bodyLimit: MAX_APPLY_BYTES * 4 }, (_req, body, done) =>
    done(null, body),
  );
  const handler = (mode: 'apply' | 'delete') => async (request: import('fastify').FastifyRequest) => {
    if (typeof request.body !== 'string')
      throw badRequest(`send the YAML documents as the body with Content-Type ${YAML_TYPES.join(' or ')}`);
    const dryRun = (request.query as z.infer<typeof query>).dryRun === 'true';
    let docs: ReturnType<typeof readApplyDocuments>;
    try {
      docs = readApplyDocuments(request.body, 'body');
    } catch (err) {
      if (err instanceof ResourceFileError) throw badRequest(err.problems.join('\n'), { problems: err.problems });
      throw err;
    }
    const results = await applyDocuments(ctx.db, docs, {
      config: ctx.config,
      now: ctx.clock.now(),
      subject: request.subject ?? null,
      mode,
      dryRun,
    });
    if (!dryRun && docs.some((d) => d.kind === 'Connection')) connectionResolver(ctx).invalidate();
    return { dryRun, results };
  };
  const opts = {
    config: { auth: 'authenticated' as const },
    schema: { querystring: query },
    bodyLimit: MAX_APPLY_BYTES * 4,
  };
  app.post('/api/apply', opts, handler('apply'));
  app.delete('/api/apply', opts, handler('delete'));
}
