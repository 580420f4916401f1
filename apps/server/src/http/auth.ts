import { isFullScope, scopeAllows, type TokenScope } from '@opsdeck/schema/tokenScope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Authenticator, requireAccess } from '../auth.js';
import { DomainError, unauthorized } from '../errors.js';

/**
 * Installs the auth hook. Every /api route must declare `config.auth`: a route without one is
 * refused at startup, so no endpoint is open by omission.
 */
export function registerAuth(app: FastifyInstance, authenticators: Authenticator[]): void {
  app.decorateRequest('subject', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api');
    if (isApi && !route.config?.auth) {
      throw new Error(`route ${route.method} ${route.url} declares no config.auth`);
    }
  });
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    for (const authenticate of authenticators) {
      const subject = await authenticate(request);
      if (subject) {
        request.subject = subject;
        break;
      }
    }
    const requirement = request.routeOptions.config?.auth;
    // unknown routes (404) and static files carry no requirement of their own
    if (requirement === undefined || requirement === 'public') return;
    if (requirement === 'authenticated') {
      if (!request.subject) throw unauthorized();
      if (UNSAFE.has(request.method) && !request.routeOptions.config?.readOnly) refuseReadOnlyToken(request);
      return;
    }
    requireAccess(request, requirement.resource, requirement.action);
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether `scope` lets a token change anything at all (some action besides read on some object). */
const scopeWrites = (scope: TokenScope | undefined) =>
  isFullScope(scope) || (scope ?? []).some((g) => g.actions.some((a) => a !== 'read'));

/**
 * A route open to any signed-in subject authorizes in its handler, and may change or run things
 * (Run Now) under a read check: an access token whose scope only reads is refused every such
 * write here, before the handler, whatever the handler checks. Routes declaring a resource and
 * action are checked with exactly that action by requireAccess; a route declaring `writes` is
 * held to that action on that resource.
 */
function refuseReadOnlyToken(request: FastifyRequest): void {
  const subject = request.subject;
  if (!subject || isFullScope(subject.scope)) return;
  const writes = request.routeOptions.config?.writes;
  if (writes && !scopeAllows(subject.scope, writes.resource, writes.action)) {
    throw new DomainError('forbidden', `${writes.action} on ${writes.resource} is outside the access token's scope`, {
      headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': writes.resource, 'X-Rbac-Action': writes.action },
    });
  }
  if (scopeWrites(subject.scope)) return;
  throw new DomainError(
    'forbidden',
    `${request.method} changes or runs something, which is outside the access token's scope: it only reads`,
    { headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': 'token-scope', 'X-Rbac-Action': 'update' } },
  );
}
