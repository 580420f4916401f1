import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireAccess } from '../http/auth.js';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';

/** Types a browser may show inline; anything else downloads as bytes. */
const INLINE_SAFE = new Set(['text/plain', 'text/csv', 'application/json', 'image/png', 'image/jpeg']);

/** A file name safe inside a quoted Content-Disposition parameter. */
function headerFilename(name: string): string {
  return name.replace(/[^\w.\- ]/g, '_').slice(0, 200) || 'artifact';
}

/**
 * Downloads a file an exec check kept (`artifacts`), by the id its result's detail lists. Reading
 * it needs read on canaries, like the result. It is always an attachment, and HTML or other
 * active types are sent as bytes, so a script's output never runs in OpsDeck's origin.
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
      requireAccess(request, 'canaries', 'read');
      const { rows } = await sql<{ filename: string; content_type: string; content: Uint8Array; checksum: string }>`
        select a.filename, a.content_type, a.content, a.checksum
        from check_artifacts a join checks c on c.id = a.check_id
        where a.id = ${request.params.id}::uuid and c.deleted_at is null`.execute(ctx.db.kysely);
      const row = rows[0];
      if (!row) throw notFound(`artifact ${request.params.id} not found (it goes when its result is removed)`);
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
