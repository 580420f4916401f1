import { HttpError } from '../http/errors.js';
import type { Resource, Subject } from '../rbac/resources.js';
import { type BeforeWriteInput, createdBySubject, type ExposedTable, exposeTable } from '../rest/whitelist.js';
import { type Row, type ValidatedTable, validateIncidentWrite } from './validate.js';

/**
 * The incident tables and views under /api/db, with the RBAC resources of spec part 1 section 6:
 * incidents and hypotheses are `incident`, evidences `evidences`, comments `comments`, responders
 * `responder`. Incident rules are `incident` too: they only open incidents. The timeline and the
 * views are read-only (triggers write the timeline). Deleting a hypothesis cascades in the
 * database to its sub-hypotheses, comments and evidences, inside the DELETE's transaction.
 */

/**
 * A person records writes in their own name: `created_by` other than the caller is refused,
 * except for admins (imports, corrections) and machine subjects acting for someone.
 */
function requireOwnAuthorship(row: Row, subject: Subject): void {
  const author = row.created_by;
  if (author === undefined || author === null || subject.kind !== 'person' || subject.roles.includes('admin')) return;
  if (author !== subject.id) {
    throw new HttpError(
      403,
      'forbidden',
      'created_by must be your own id: only an admin writes in the name of someone else',
    );
  }
}

function guarded(table?: ValidatedTable): ExposedTable['beforeWrite'] {
  return async (_ctx, input: BeforeWriteInput) => {
    if (input.method === 'POST' && input.rows) {
      for (const row of input.rows) requireOwnAuthorship(row, input.subject);
      if (table) return { rows: input.rows.map((row: Row) => validateIncidentWrite(table, row, 'insert')) };
    }
    if (input.method === 'PATCH' && input.patch) {
      requireOwnAuthorship(input.patch, input.subject);
      if (table) return { patch: validateIncidentWrite(table, input.patch, 'update') };
    }
    return undefined;
  };
}

const writable = (resource: Resource, table?: ValidatedTable): ExposedTable => ({
  resource,
  writable: true,
  defaults: { created_by: createdBySubject },
  beforeWrite: guarded(table),
});
const readOnly = (resource: Resource): ExposedTable => ({ resource, writable: false });

exposeTable('incidents', writable('incident', 'incidents'));
exposeTable('hypotheses', writable('incident', 'hypotheses'));
exposeTable('evidences', writable('evidences', 'evidences'));
exposeTable('comments', writable('comments', 'comments'));
exposeTable('responders', writable('responder', 'responders'));
exposeTable('incident_rules', writable('incident', 'incident_rules'));
exposeTable('incident_histories', readOnly('incident'));
exposeTable('incident_summary', readOnly('incident'));
exposeTable('incidents_by_component', readOnly('incident'));
exposeTable('incidents_by_config', readOnly('incident'));
