import { emailSchema } from '@opsdeck/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess, requireAdminRole } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { ROLES } from '../../rbac/resources.js';
import { DuplicateIdentityError, identityIdByEmail, identityJson } from './identities.js';
import { adminCount, rolesOf, setRoles } from './roles.js';
import { deletePerson, personIsLive, personWithRoles, updateAccount } from './store.js';

const updateBody = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1).max(256).optional(),
  firstName: z.string().trim().max(256).optional(),
  lastName: z.string().trim().max(256).optional(),
  email: emailSchema().optional(),
  avatar: z.string().max(100_000).nullable().optional(),
  title: z.string().max(256).nullable().optional(),
  phone: z.string().max(64).nullable().optional(),
  role: z.enum(ROLES).optional(),
  roles: z.array(z.enum(ROLES)).optional(),
});

/**
 * The Users settings page: `POST /api/people/update`, `DELETE /api/people/{id}`, and a person's
 * roles (`/api/rbac/{id}/roles`, `/api/rbac/{id}/update_role`, Mission Control's paths).
 */
export async function peopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.kysely;

  const ensureAdminRemains = async (personId: string, nextRoles: readonly string[] | undefined) => {
    const current = await rolesOf(db, personId);
    const losesAdmin = current.includes('admin') && (nextRoles === undefined || !nextRoles.includes('admin'));
    if (losesAdmin && (await adminCount(db)) <= 1)
      throw badRequest('the last administrator cannot lose the admin role');
  };
  // an admin's email or account in other hands is the admin role in other hands (recovery by email)
  const requireAdminForAdmins = async (request: FastifyRequest, personId: string, what: string) => {
    if ((await rolesOf(db, personId)).includes('admin')) requireAdminRole(request, what);
  };

  r.post(
    '/api/people/update',
    { config: { auth: { resource: 'identities', action: 'update' } }, schema: { body: updateBody } },
    async (request) => {
      const b = request.body;
      if (!(await personIsLive(db, b.id))) throw notFound('no such person');
      const nextRoles = b.roles ?? (b.role ? [b.role] : undefined);
      await requireAdminForAdmins(request, b.id, "changing an admin's account");
      if (nextRoles) {
        requireAccess(request, 'rbac', 'update');
        requireAdminRole(request, 'changing roles');
        await ensureAdminRemains(b.id, nextRoles);
      }
      const identity = await identityJson(db, b.id);
      if (b.email && identity) {
        const owner = await identityIdByEmail(db, b.email);
        if (owner && owner !== b.id) throw conflict(`a user with email ${b.email} already exists`);
      }
      const traits =
        identity && (b.email || b.firstName !== undefined || b.lastName !== undefined)
          ? {
              email: b.email ?? identity.traits.email,
              name: {
                first: b.firstName ?? identity.traits.name?.first ?? '',
                last: b.lastName ?? identity.traits.name?.last ?? '',
              },
            }
          : undefined;
      const patch = {
        ...(b.name ? { name: b.name } : {}),
        ...(!identity && b.email ? { email: b.email.toLowerCase() } : {}),
        ...(b.avatar !== undefined ? { avatar: b.avatar } : {}),
        ...(b.title !== undefined ? { title: b.title } : {}),
        ...(b.phone !== undefined ? { phone: b.phone } : {}),
      };
      try {
        await updateAccount(db, b.id, { traits, patch, roles: nextRoles });
      } catch (err) {
        if (err instanceof DuplicateIdentityError) throw conflict(`a user with email ${b.email} already exists`);
        throw err;
      }
      return personWithRoles(db, b.id);
    },
  );

  r.delete(
    '/api/people/:id',
    { config: { auth: { resource: 'identities', action: 'delete' } }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (request.subject?.id === id) throw badRequest('you cannot delete yourself');
      if (!(await personIsLive(db, id))) throw notFound('no such person');
      await requireAdminForAdmins(request, id, 'deleting an admin');
      await ensureAdminRemains(id, []);
      await deletePerson(db, id, ctx.clock.now());
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/rbac/:id/roles',
    { config: { auth: { resource: 'rbac', action: 'read' } }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request) => ({ roles: await rolesOf(db, request.params.id) }),
  );

  r.post(
    '/api/rbac/:id/update_role',
    {
      config: { auth: { resource: 'rbac', action: 'update' } },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.union([z.object({ roles: z.array(z.enum(ROLES)) }), z.object({ role: z.enum(ROLES) })]),
      },
    },
    async (request) => {
      requireAdminRole(request, 'changing roles');
      const { id } = request.params;
      if (!(await personIsLive(db, id))) throw notFound('no such person');
      const roles = 'roles' in request.body ? request.body.roles : [request.body.role];
      await ensureAdminRemains(id, roles);
      await setRoles(db, id, roles);
      return { message: 'success', roles: await rolesOf(db, id) };
    },
  );
}
