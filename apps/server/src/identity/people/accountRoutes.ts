import os from 'node:os';
import { emailSchema } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminRole } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { conflict, unauthorized } from '../../errors.js';
import { ROLES } from '../../rbac/resources.js';
import { identityDeps } from '../deps.js';
import { DuplicateIdentityError } from './identities.js';
import { inviteUser } from './invite.js';
import { personProfile } from './store.js';

const inviteBody = z.object({
  firstName: z.string().trim().max(256).default(''),
  lastName: z.string().trim().max(256).default(''),
  email: emailSchema(),
  role: z.enum(ROLES),
});

/** `GET /api/auth/whoami` (the UI's single source of user, roles and permissions) and invitations. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = identityDeps(ctx, app.log);

  r.get('/api/auth/whoami', { config: { auth: 'authenticated' } }, async (request) => {
    const subject = request.subject;
    if (!subject) throw unauthorized();
    const person = await personProfile(ctx.db.kysely, subject.id);
    return {
      message: 'success',
      payload: {
        user: person ?? {
          id: subject.id,
          name: subject.name ?? subject.email ?? subject.id,
          email: subject.email ?? null,
        },
        roles: subject.roles,
        permissions: (subject.permissions ?? []).map((p) => ({
          id: p.id,
          subject: subject.id,
          object: p.object ?? '',
          action: p.action,
          deny: p.deny,
          ...(p.playbook_id ? { playbook_id: p.playbook_id } : {}),
          ...(p.connection_id ? { connection_id: p.connection_id } : {}),
          ...(p.config_id ? { config_id: p.config_id } : {}),
          ...(p.component_id ? { component_id: p.component_id } : {}),
          ...(p.canary_id ? { canary_id: p.canary_id } : {}),
          ...(p.object_selector ? { object_selector: p.object_selector } : {}),
        })),
        hostname: os.hostname(),
      },
    };
  });

  r.post(
    '/api/auth/invite_user',
    { config: { auth: { resource: 'identities', action: 'create' } }, schema: { body: inviteBody } },
    async (request, reply) => {
      // an invitation carries a role: handing out a role is the admin's, whatever rows say
      requireAdminRole(request, 'inviting a user with a role');
      try {
        const id = await inviteUser(deps, request, request.body);
        return reply.code(201).send({
          message: 'success',
          payload: { id, email: request.body.email.toLowerCase(), role: request.body.role },
        });
      } catch (err) {
        if (err instanceof DuplicateIdentityError)
          throw conflict(`a user with email ${request.body.email} already exists`);
        throw err;
      }
    },
  );
}
