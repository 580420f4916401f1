import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminRole } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { keptEmails } from './store.js';

const query = z.object({
  recipient: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * `GET /api/auth/courier?recipient=&limit=`: the emails the courier kept (newest first), bodies
 * and codes included, for an admin only: without SMTP this is where recovery codes and
 * invitations are read, since the log never holds them.
 */
export async function courierRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/auth/courier', { config: { auth: 'authenticated' }, schema: { querystring: query } }, async (request) => {
    requireAdminRole(request, 'reading kept emails');
    const { recipient, limit } = request.query;
    return keptEmails(ctx.db.kysely, recipient, limit);
  });
}
