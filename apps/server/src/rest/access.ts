import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { requireSelectiveAccess } from '../auth.js';
import { DomainError } from '../errors.js';
import type { Restriction } from '../rbac/authorize.js';
import type { Action, Resource, Subject } from '../rbac/resources.js';
import { restrictionSql } from '../rbac/selectorSql.js';
import { unknownRelation } from './errors.js';
import { type ExposedTable, exposedTable } from './whitelist.js';

/** requireAccess with PostgREST's `42501` code added to the 403 body (headers unchanged). */
export function requireRestAccess(request: FastifyRequest, resource: Resource, action: Action): Subject {
  return requireNarrowedRestAccess(request, resource, action, false).subject;
}

/** requireRestAccess for a caller that narrows its rows to a Restriction (the objects a selector reaches). */
export function requireNarrowedRestAccess(
  request: FastifyRequest,
  resource: Resource,
  action: Action,
  selective = true,
): { subject: Subject; restriction?: Restriction } {
  try {
    return requireSelectiveAccess(request, resource, action, selective);
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'forbidden') {
      throw new DomainError('forbidden', err.message, {
        error: err.error,
        headers: err.headers,
        body: { code: '42501', details: null, hint: null },
      });
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

/**
 * Authorizes `action` on the whitelisted `table` and answers the condition (over `alias`) its
 * rows must meet: the objects permission rows with object selectors reach, or undefined for
 * every row. A table whose rows are not objects of the narrowed kind refuses such a subject.
 */
export function tableAccess(
  request: FastifyRequest,
  table: string,
  entry: ExposedTable,
  action: Action,
): {
  subject: Subject;
  /** The condition over the relation's alias its rows must meet. */
  narrow?: (alias: string) => RawBuilder<unknown>;
  /** For an aggregate: the query standing in for the relation, over the objects kept. */
  source?: RawBuilder<unknown>;
} {
  const resource = action === 'read' ? entry.resource : (entry.writeResource ?? entry.resource);
  const { subject, restriction } = requireNarrowedRestAccess(request, resource, action);
  // a table's own object-level decision (rbac/), e.g. restricted log backends
  const own = entry.rowAccess?.(subject);
  if (!restriction) return own ? { subject, narrow: own } : { subject };
  const objects = entry.objects;
  if (!objects || objects.kind !== restriction.kind) {
    throw new DomainError(
      'forbidden',
      `${action} on ${table} is not allowed: your permissions on ${resource} reach only some ${restriction.kind}, and ${table} cannot be narrowed to them`,
      {
        headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': resource, 'X-Rbac-Action': action },
        body: { code: '42501', details: null, hint: null },
      },
    );
  }
  if ('source' in objects) return { subject, source: objects.source((id) => restrictionSql(restriction, id)) };
  const { column } = objects;
  return { subject, narrow: (alias) => restrictionSql(restriction, sql`${sql.ref(`${alias}.${column}`)}`) };
}
