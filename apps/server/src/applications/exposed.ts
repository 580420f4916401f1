import { APPLICATION_API_VERSION } from '@opsdeck/schema';
import { badRequest } from '../errors.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { ApplicationValidationError, validateApplication } from './applicationYaml.js';
import './tables.js';

/**
 * `applications` under /api/db (the list page reads the plain
 * table). A written spec is validated as a whole Application document, problems named by path.
 */
function validateRow(row: Row, where: string): Row {
  if (row.spec === undefined) return row;
  try {
    const app = validateApplication({
      apiVersion: APPLICATION_API_VERSION,
      kind: 'Application',
      metadata: { name: typeof row.name === 'string' && row.name ? row.name : 'application' },
      spec: row.spec,
    });
    return row.description === undefined && app.spec.description ? { ...row, description: app.spec.description } : row;
  } catch (err) {
    if (err instanceof ApplicationValidationError) {
      throw badRequest(`invalid application${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/** Serves applications under /api/db; the app calls it when it starts. */
export function exposeApplications(): void {
  exposeTable('applications', {
    resource: 'database',
    writable: true,
    defaults: { created_by: createdBySubject },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') {
        const many = (input.rows?.length ?? 0) > 1;
        const rows = (input.rows ?? []).map((row, i) => {
          const where = many ? `[${i}]` : '';
          if (row.spec === undefined) throw badRequest(`invalid application${where}: spec: This field is required`);
          return { source: 'UI', ...validateRow(row, where) };
        });
        return { rows };
      }
      if (input.method === 'PATCH' && input.patch) return { patch: validateRow(input.patch, '') };
      return undefined;
    },
  });
}
