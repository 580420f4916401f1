import type { FastifyRequest } from 'fastify';
import { requireAccess } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { Action, Resource, Subject } from '../rbac/resources.js';
import { unknownRelation } from './errors.js';
import { exposedTable } from './whitelist.js';

/** requireAccess with PostgREST's `42501` code added to the 403 body (headers unchanged). */
export function requireRestAccess(request: FastifyRequest, resource: Resource, action: Action): Subject {
  try {
    return requireAccess(request, resource, action);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403) {
      throw new HttpError(403, err.error, err.message, err.headers, { code: '42501', details: null, hint: null });
    }
    throw err;
  }
}

/** Authorizes reading an embedded relation with its own whitelist resource. */
export function embedAuthorizer(request: FastifyRequest): (relation: string) => void {
  return (relation) => {
    const entry = exposedTable(relation);
    if (!entry) throw unknownRelation(relation);
    requireRestAccess(request, entry.resource, 'read');
  };
}

/** The query string of a request as ordered, repeatable pairs (filters may repeat a key). */
export function searchParams(request: FastifyRequest): URLSearchParams {
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}
