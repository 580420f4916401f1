import type { Resource } from '../rbac/resources.js';
import { type BeforeWriteInput, createdBySubject, type ExposedTable, exposeTable } from '../rest/whitelist.js';
import { type Row, type ValidatedTable, validateIncidentWrite } from './validate.js';

/**
 * The incident tables and views under /api/db, with their RBAC resources:
 * incidents and hypotheses are `incident`, evidences `evidences`, comments `comments`, responders
 * `responder`. Incident rules are `incident` too: they only open incidents. The timeline and the
 * views are read-only (triggers write the timeline). Deleting a hypothesis cascades in the
 * database to its sub-hypotheses, comments and evidences, inside the DELETE's transaction.
 */

function validated(table?: ValidatedTable): ExposedTable['beforeWrite'] {
  return async (_ctx, input: BeforeWriteInput) => {
    if (!table) return undefined;
    if (input.method === 'POST' && input.rows) {
      return { rows: input.rows.map((row: Row) => validateIncidentWrite(table, row, 'insert')) };
    }
    if (input.method === 'PATCH' && input.patch) return { patch: validateIncidentWrite(table, input.patch, 'update') };
    return undefined;
  };
}

// created_by is the caller (the write layer refuses it in a body); `authorOnly` keeps the
// content of hypotheses, evidences and comments to their author and admins, while workflow
// state (a hypothesis' status, a done tick, read markers) stays open to every responder
const writable = (resource: Resource, table: ValidatedTable, extra: Partial<ExposedTable> = {}): ExposedTable => ({
  resource,
  writable: true,
  defaults: { created_by: createdBySubject },
  beforeWrite: validated(table),
  ...extra,
});
const readOnly = (resource: Resource): ExposedTable => ({ resource, writable: false });

/** Serves incidents and their rules under /api/db; the app calls it when it starts. */
export function exposeIncidents(): void {
  // the INC number comes from a sequence: a client-chosen one could collide or impersonate
  exposeTable('incidents', writable('incident', 'incidents', { readOnlyColumns: ['incident_id'] }));
  exposeTable(
    'hypotheses',
    writable('incident', 'hypotheses', { authorOnly: { noun: 'hypothesis', sharedColumns: ['status'] } }),
  );
  exposeTable(
    'evidences',
    writable('evidences', 'evidences', {
      authorOnly: { noun: 'evidence', sharedColumns: ['done', 'definition_of_done'] },
    }),
  );
  exposeTable(
    'comments',
    writable('comments', 'comments', { authorOnly: { noun: 'comment', sharedColumns: ['read'] } }),
  );
  exposeTable('responders', writable('responder', 'responders'));
  exposeTable('incident_rules', writable('incident', 'incident_rules'));
  exposeTable('incident_histories', readOnly('incident'));
  exposeTable('incident_summary', readOnly('incident'));
  exposeTable('incidents_by_component', readOnly('incident'));
  exposeTable('incidents_by_config', readOnly('incident'));
}
