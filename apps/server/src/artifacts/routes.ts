import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireAccess } from '../auth.js';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';

/** Types a browser may show inline; anything else downloads as bytes. */
const INLINE_SAFE = new Set(['text/plain', 'text/csv', 'application/json', 'image/png', 'image/jpeg']);

/** A file name safe inside a quoted Content-Disposition parameter. */
function headerFilename(name: string): string {
  return name.replace(/[^\w.\- ]/g, '_').slice(0, 200) || 'artifact';
}

interface Stored {
  filename: string;
  content_type: string;
  content: Uint8Array;
  checksum: string;
}

/** A file an exec check kept with one of its results; reading it needs read on canaries, like the result. */
async function checkArtifact(ctx: AppContext, id: string): Promise<Stored | undefined> {
  const { rows } = await sql<Stored>`
    select a.filename, a.content_type, a.content, a.checksum
    from check_artifacts a join checks c on c.id = a.check_id
    where a.id = ${id}::uuid and c.deleted_at is null`.execute(ctx.db.kysely);
  return rows[0];
}

/** A file a playbook action kept; reading it needs read on playbook runs, like the run. */
async function actionArtifact(ctx: AppContext, id: string): Promise<Stored | undefined> {
  const { rows } = await sql<Stored>`
    select filename, content_type, content, checksum from artifacts
    where id = ${id}::uuid and deleted_at is null`.execute(ctx.db.kysely);
  return rows[0];
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
      let row = await checkArtifact(ctx, id);
      if (row) requireAccess(request, 'canaries', 'read');
      else {
        row = await actionArtifact(ctx, id);
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
