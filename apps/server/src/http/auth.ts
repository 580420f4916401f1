import { isFullScope, scopeAllows, type TokenScope } from '@opsdeck/schema/tokenScope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, type Restriction } from '../rbac/authorize.js';
import type { Action, Resource, Subject } from '../rbac/resources.js';
import { HttpError, unauthorized } from './errors.js';

/**
 * What a route needs, declared in its `config.auth`:
 * - `{ resource, action }`: a signed-in subject allowed that action (checked before the handler);
 * - `'authenticated'`: any signed-in subject; the handler authorizes itself (e.g. /api/db per table);
 * - `'public'`: no subject needed (health probes, static files, sign-in flows).
 */
export type AuthRequirement = { resource: Resource; action: Action } | 'authenticated' | 'public';

/** Finds the subject of a request (session cookie, token, ...) or answers null. */
export type Authenticator = (request: FastifyRequest) => Promise<Subject | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /**
     * An `'authenticated'` POST that only reads (a search with a body, an rpc call whose function
     * declares its own action): an access token limited to reading may call it.
     */
    readOnly?: boolean;
    /**
     * What an `'authenticated'` route that writes or runs something does, for an access token's
     * scope (the handler may authorize with another action, e.g. Run Now needs only read on
     * canaries and a role): a scoped token must hold this action on this resource.
     */
    writes?: { resource: Resource; action: Action };
  }
  interface FastifyRequest {
    subject: Subject | null;
  }
}

/** Throws 401 without a subject, 403 with the X-Rbac-* headers when the action is not allowed. */
export function requireAccess(request: FastifyRequest, resource: Resource, action: Action): Subject {
  return requireSelectiveAccess(request, resource, action, false).subject;
}

/**
 * requireAccess for a caller that narrows its rows to the objects permission rows with object
 * selectors reach: answers the Restriction to apply (undefined: every object).
 */
export function requireSelectiveAccess(
  request: FastifyRequest,
  resource: Resource,
  action: Action,
  selective = true,
): { subject: Subject; restriction?: Restriction } {
  const subject = request.subject;
  if (!subject) throw unauthorized();
  const decision = authorize(subject, resource, action, undefined, { selective });
  if (!decision.allowed) {
    throw new HttpError(403, 'forbidden', `${action} on ${resource} is not allowed: ${decision.reason}`, {
      'X-Rbac-Subject': subject.id,
      'X-Rbac-Object': resource,
      'X-Rbac-Action': action,
    });
  }
  return { subject, ...(decision.restriction ? { restriction: decision.restriction } : {}) };
}

/**
 * Throws 403 unless the subject holds the admin role itself: for what administers access (roles,
 * admins' accounts), which no permission row can hand out.
 */
export function requireAdminRole(request: FastifyRequest, what: string): Subject {
  const subject = request.subject;
  if (!subject) throw unauthorized();
  // a scoped token does not carry its owner's admin role into what administers access
  if (!subject.roles.includes('admin') || !isFullScope(subject.scope)) {
    throw new HttpError(403, 'forbidden', `${what} needs the admin role`, {
      'X-Rbac-Subject': subject.id,
      'X-Rbac-Object': 'rbac',
      'X-Rbac-Action': 'update',
    });
  }
  return subject;
}

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
    throw new HttpError(
      403,
      'forbidden',
      `${writes.action} on ${writes.resource} is outside the access token's scope`,
      { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': writes.resource, 'X-Rbac-Action': writes.action },
    );
  }
  if (scopeWrites(subject.scope)) return;
  throw new HttpError(
    403,
    'forbidden',
    `${request.method} changes or runs something, which is outside the access token's scope: it only reads`,
    { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': 'token-scope', 'X-Rbac-Action': 'update' },
  );
}
