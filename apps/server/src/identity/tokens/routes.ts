import { formatGoDuration, parseGoDuration } from '@opsdeck/schema';
import { GLOBAL_OBJECTS } from '@opsdeck/schema/permissions';
import { isFullScope, type ScopeGrant } from '@opsdeck/schema/tokenScope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminRole } from '../../auth.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { ACTIONS, RESOURCES, type Subject } from '../../rbac/resources.js';
import { personExists } from '../people/store.js';
import { createAccessToken, listAccessTokens, revokeAccessToken, tokenExpiry } from './accessTokens.js';

const tokenBody = z.object({
  name: z.string().trim().min(1).max(256),
  expiry: z
    .string()
    .refine((v) => (parseGoDuration(v) ?? 0) >= 60_000, 'expiry must be a duration of at least 1m, such as 720h')
    .optional(),
  auto_renew: z.boolean().default(false),
  /** What the token may do; left out, the owner's full rights (the Full preset). */
  scope: z
    .array(
      z.object({
        object: z.enum(['*', ...GLOBAL_OBJECTS, ...RESOURCES] as [string, ...string[]], {
          error: (i) => `unknown object ${String(i.input)} in scope`,
        }),
        actions: z.array(z.enum(['*', ...ACTIONS])).min(1, 'a scope entry needs at least one action'),
      }),
    )
    .min(1, 'a scope needs at least one entry; leave it out for full access')
    .max(64)
    .nullish(),
});

/** Only a token with its owner's full rights manages tokens: a narrower one must not mint or revoke. */
function requireUnscoped(subject: Subject, what: string): void {
  if (!isFullScope(subject.scope)) throw forbidden(`a scoped access token cannot ${what}`);
}

const DEFAULT_TOKEN_LIFETIME = 365 * 24 * 3_600_000;

/** The signed-in person's access tokens under `/api/auth` (the Tokens settings page). */
export async function tokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The lifetime of a new token: as asked (default a year), at most OPSDECK_TOKEN_MAX_LIFETIME,
   * and, for a token created with a token, at most what is left of that one.
   */
  const tokenLifetime = async (
    expiry: string | undefined,
    parentId: string | undefined,
    now: Date,
  ): Promise<number> => {
    const max = ctx.config.identity.tokenMaxLifetimeMs;
    const asked = expiry === undefined ? undefined : (parseGoDuration(expiry) as number);
    if (asked !== undefined && asked > max) {
      throw badRequest(`expiry ${expiry} is longer than the maximum token lifetime of ${formatGoDuration(max)}`);
    }
    let lifetime = asked ?? Math.min(DEFAULT_TOKEN_LIFETIME, max);
    if (parentId) {
      const parent = await tokenExpiry(ctx.db.kysely, parentId);
      if (!parent) throw unauthorized('the token this request was signed with is revoked');
      const left = parent.expires_at.getTime() - now.getTime();
      if (asked !== undefined && asked > left) {
        throw badRequest(
          `expiry ${expiry} would outlive the token creating it, which expires at ${parent.expires_at.toISOString()}: ask for at most ${formatGoDuration(left)}`,
        );
      }
      lifetime = Math.min(lifetime, left);
    }
    return lifetime;
  };

  r.post(
    '/api/auth/create_token',
    { config: { auth: 'authenticated' }, schema: { body: tokenBody } },
    async (request, reply) => {
      const subject = request.subject;
      if (!subject) throw unauthorized();
      if (!(await personExists(ctx.db.kysely, subject.id)))
        throw conflict('access tokens belong to a person; this subject has no person record');
      requireUnscoped(subject, 'create tokens');
      // One instant for both the lifetime left to a parent token and the new token's start, so a
      // child can never end even a millisecond after its parent.
      const now = ctx.clock.now();
      const lifetimeMs = await tokenLifetime(request.body.expiry, subject.tokenId, now);
      try {
        const created = await createAccessToken(ctx.db.kysely, {
          personId: subject.id,
          name: request.body.name,
          lifetimeMs,
          autoRenew: request.body.auto_renew,
          now,
          ...(subject.tokenId ? { parentId: subject.tokenId } : {}),
          ...(request.body.scope ? { scope: request.body.scope as ScopeGrant[] } : {}),
        });
        return reply.code(201).send({ message: 'success', payload: created });
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw conflict(`you already have a token named ${request.body.name}`);
        throw err;
      }
    },
  );

  // the caller's tokens; `?all=true` lists everyone's, for an admin (with a full-rights session)
  r.get(
    '/api/auth/tokens',
    {
      config: { auth: 'authenticated' },
      schema: { querystring: z.object({ all: z.enum(['true', 'false']).optional() }) },
    },
    async (request) => {
      const subject = request.subject;
      if (!subject) throw unauthorized();
      if (request.query.all === 'true') {
        requireAdminRole(request, 'listing every access token');
        return listAccessTokens(ctx.db.kysely, undefined);
      }
      return listAccessTokens(ctx.db.kysely, subject.id);
    },
  );

  /** What the Create Token form offers: the longest lifetime this server allows. */
  r.get('/api/auth/token_settings', { config: { auth: 'authenticated' } }, async () => ({
    max_lifetime: formatGoDuration(ctx.config.identity.tokenMaxLifetimeMs),
    max_lifetime_ms: ctx.config.identity.tokenMaxLifetimeMs,
  }));

  r.delete(
    '/api/auth/token/:id',
    { config: { auth: 'authenticated' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const subject = request.subject;
      if (!subject) throw unauthorized();
      requireUnscoped(subject, 'revoke tokens');
      // an admin revokes anyone's token; everyone else only their own
      const owner = subject.roles.includes('admin') ? undefined : subject.id;
      if (!(await revokeAccessToken(ctx.db.kysely, owner, request.params.id))) throw notFound('no such token');
      return reply.code(204).send();
    },
  );
}
