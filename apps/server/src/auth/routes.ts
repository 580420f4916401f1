import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { unauthorized } from '../http/errors.js';

/**
 * `GET /api/auth/whoami`: the single source of the user, roles and permissions for the UI.
 * The identity issue fills `user` from the people table and `permissions` from permission rows.
 */
export async function authRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.get('/api/auth/whoami', { config: { auth: 'authenticated' } }, async (request) => {
    const subject = request.subject;
    if (!subject) throw unauthorized();
    return {
      message: 'success',
      payload: {
        user: { id: subject.id, name: subject.name ?? subject.email ?? subject.id, email: subject.email ?? null },
        roles: subject.roles,
        permissions: [],
      },
    };
  });
}
