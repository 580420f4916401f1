import { timingSafeEqual } from 'node:crypto';
import type { PlaybookSpec } from '@opsdeck/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { createRemoteJWKSet } from 'jose';
import { connectionResolver } from '../connections/resolver.js';
import { resolveEnvSource } from '../connections/store.js';
import type { AppContext } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { lazyDriver } from '../integrations/lazyDriver.js';
import { startRun } from './runs.js';
import { playbookForWebhook } from './store.js';

/**
 * Webhook triggers (`on.webhook{path, authentication}`): `GET|POST /api/playbook/webhook/<path>`
 * starts a run of the playbook declaring that path, with the request (method, headers without
 * credentials, query, body) as `request` in its templates. The route is public; the playbook's
 * own authentication (basic, or a JWT checked against a JWKS) decides.
 */

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The JWT library, loaded at the first webhook that checks a JWT. */
const loadJose = lazyDriver(() => import('jose'));

const jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const denied = () =>
  new DomainError('unauthorized', 'the webhook refused these credentials', {
    headers: { 'www-authenticate': 'Basic realm="playbook"' },
  });

async function authenticate(
  ctx: AppContext,
  auth: NonNullable<NonNullable<PlaybookSpec['on']>['webhook']>['authentication'],
  request: FastifyRequest,
): Promise<void> {
  if (!auth) return;
  const header = request.headers.authorization ?? '';
  if (auth.basic) {
    const resolver = connectionResolver(ctx);
    const username = (await resolveEnvSource(resolver, auth.basic.username, 'default')) ?? '';
    const password = (await resolveEnvSource(resolver, auth.basic.password, 'default')) ?? '';
    const m = /^Basic\s+(\S+)$/i.exec(header);
    const [u, ...rest] = m
      ? Buffer.from(m[1] as string, 'base64')
          .toString('utf8')
          .split(':')
      : [];
    if (!m || !equal(u ?? '', username) || !equal(rest.join(':'), password)) throw denied();
    return;
  }
  if (auth.jwt) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw denied();
    const { createRemoteJWKSet, jwtVerify } = await loadJose();
    let set = jwks.get(auth.jwt.jwksURI);
    if (!set) {
      set = createRemoteJWKSet(new URL(auth.jwt.jwksURI));
      if (jwks.size > 100) jwks.clear();
      jwks.set(auth.jwt.jwksURI, set);
    }
    try {
      await jwtVerify(m[1] as string, set);
    } catch {
      throw denied();
    }
  }
}

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    method: ['GET', 'POST'],
    url: '/api/playbook/webhook/*',
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const playbook = await playbookForWebhook(ctx.db.kysely, path);
      if (!playbook) throw notFound(`no playbook listens on webhook ${path}`);
      await authenticate(ctx, playbook.spec.on?.webhook?.authentication, request);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([k]) => !['authorization', 'cookie'].includes(k)),
      );
      const out = await startRun(ctx, null, {
        id: playbook.id,
        request: {
          method: request.method,
          headers,
          params: request.query as Record<string, unknown>,
          content: request.body ?? null,
        },
      });
      return reply.code(201).send(out);
    },
  });
}
