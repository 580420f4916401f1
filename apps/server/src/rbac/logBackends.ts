import { type RawBuilder, sql } from 'kysely';
import { authorize } from './authorize.js';
import { matchingRules } from './permissions.js';
import type { Subject } from './resources.js';

/**
 * The object-level read decision of log backends. Reading logs is `read` on `logging_backends`
 * (the `logs` object), which every role has; a backend labelled `opsdeck.io/restricted: "true"`
 * (the sample backend over OpsDeck's own log) is read only by admins and by whom a permission
 * row allows `read` on the `logs` object (or `logging_backends`) by name: a row an admin writes to
 * hand such backends to a team or a person. Every read path asks here: /api/db/logging_backends,
 * POST /api/logs and the /logs page built on them.
 */

/** The label that makes a log backend restricted. */
export const RESTRICTED_LABEL = 'opsdeck.io/restricted';

/** Whether `labels` (a backend's) mark it restricted. */
export const isRestrictedLogBackend = (labels: Record<string, string> | null | undefined): boolean =>
  labels?.[RESTRICTED_LABEL] === 'true';

/** Whether `subject` reads restricted log backends (besides reading log backends at all). */
export function readsRestrictedLogBackends(subject: Subject): boolean {
  if (!authorize(subject, 'logging_backends', 'read').allowed) return false;
  if (subject.roles.includes('admin')) return true;
  // authorize() has already let a deny row win; an allow row naming the object grants these too
  return matchingRules(subject.permissions ?? [], 'logging_backends', 'read').some(
    (r) => !r.deny && !r.object_selector && typeof r.object === 'string',
  );
}

/** Whether `subject` may read the log backend with `labels`. */
export function mayReadLogBackend(subject: Subject, labels: Record<string, string> | null | undefined): boolean {
  return !isRestrictedLogBackend(labels) || readsRestrictedLogBackends(subject);
}

/** The SQL condition (over `alias`, a logging_backends row) of the backends `subject` may read; undefined: all. */
export function readableLogBackendsSql(subject: Subject): ((alias: string) => RawBuilder<unknown>) | undefined {
  if (readsRestrictedLogBackends(subject)) return undefined;
  return (alias) => sql`coalesce(${sql.ref(`${alias}.labels`)} ->> ${RESTRICTED_LABEL}, '') is distinct from 'true'`;
}
