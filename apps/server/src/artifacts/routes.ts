import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { actionArtifact, checkArtifact } from './store.js';

/** Types a browser may show inline; anything else downloads as bytes. */
const INLINE_SAFE = new Set(['text/plain', 'text/csv', 'application/json', 'image/png', 'image/jpeg']);

/** A file name safe inside a quoted Content-Disposition parameter. */
function headerFilename(name: string): string {
  return name.replace(/[^\w.\- ]/g, '_').slice(0, 200) || 'artifact';
}

/**
 * GET /api/artifacts/download/:id: a file kept by an exec check (`artifacts`) or a playbook action,
 * by the id its result lists. It is always an attachment, and HTML or other active types are sent
 * as bytes, so a script's output never runs in OpsDeck's origin.
 */
export async function artifactRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/artifacts/download/:id',
    {
      config: { auth: 'authenticated' },
      schema: { params: z.object({ id: z.uuid({ error: 'expected an artifact id (uuid)' }) }) },
    },
    async (request, reply) => {
      const { id } = request.params;
      // reading a check's file needs read on canaries, like its result; an action's, read on playbook runs
      let row = await checkArtifact(ctx.db, id);
      if (row) requireAccess(request, 'canaries', 'read');
      else {
        row = await actionArtifact(ctx.db, id);
        if (row) requireAccess(request, 'playbook_runs', 'read');
      }
      if (!row) throw notFound(`artifact ${id} not found (it goes when its result or run is removed)`);
      const type = INLINE_SAFE.has(row.content_type) ? row.content_type : 'application/octet-stream';
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${headerFilename(row.filename)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${row.checksum}"`)
        .header('cache-control', 'private, max-age=0')
        .send(Buffer.from(row.content));
    },
  );
}
