import { isFullScope } from '@opsdeck/schema/tokenScope';
import type { FastifyRequest } from 'fastify';
import { DomainError, unauthorized } from './errors.js';
import { authorize, type Restriction } from './rbac/authorize.js';
import type { Action, Resource, Subject } from './rbac/resources.js';

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
    throw new DomainError('forbidden', `${action} on ${resource} is not allowed: ${decision.reason}`, {
      headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': resource, 'X-Rbac-Action': action },
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
    throw new DomainError('forbidden', `${what} needs the admin role`, {
      headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': 'rbac', 'X-Rbac-Action': 'update' },
    });
  }
  return subject;
}
