import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { parseMaintenanceSpec } from './spec.js';

/**
 * Maintenance windows under /api/db: read and written by who may read and write health checks
 * (`canaries`), since a window changes what their failures do. The spec is validated whole
 * (400 naming the field) on every POST and on a PATCH that carries it.
 */
function checked(row: Row): Row {
  if (row.spec !== undefined) return { ...row, spec: parseMaintenanceSpec(row.spec).spec };
  return row;
}

/** Serves maintenance windows under /api/db; the app calls it when it starts. */
export function exposeMaintenance(): void {
  exposeTable('maintenance_windows', {
    resource: 'canaries',
    writable: true,
    defaults: { created_by: createdBySubject },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') {
        return {
          rows: (input.rows ?? []).map((row) => {
            if (row.spec === undefined) parseMaintenanceSpec(undefined);
            return checked(row);
          }),
        };
      }
      if (input.method === 'PATCH' && input.patch) return { patch: checked(input.patch) };
      return undefined;
    },
  });
}
