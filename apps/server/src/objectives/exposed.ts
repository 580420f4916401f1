import { badRequest } from '../errors.js';
import { ResourceValidationError } from '../resourceYaml.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import './tables.js';
import { objectiveDocument, validateObjective } from './validate.js';

/** A written spec is validated as the whole document would be (400 naming the path). */
function checked(row: Row, where: string): Row {
  if (row.spec === undefined) return row;
  const name = typeof row.name === 'string' && row.name ? row.name : 'objective';
  const namespace = typeof row.namespace === 'string' && row.namespace ? row.namespace : 'default';
  try {
    const doc = validateObjective(objectiveDocument(name, namespace, row.spec));
    return row.description === undefined && doc.spec.description ? { ...row, description: doc.spec.description } : row;
  } catch (err) {
    if (err instanceof ResourceValidationError) {
      throw badRequest(`invalid objective${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/**
 * Serves service level objectives under /api/db (Settings › Objectives): read with read on health
 * checks (`canaries`), written by who may edit them, since an objective reads their results. The
 * app calls it when it starts.
 */
export function exposeObjectives(): void {
  exposeTable('service_level_objectives', {
    resource: 'canaries',
    writable: true,
    defaults: { created_by: createdBySubject },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') {
        const many = (input.rows?.length ?? 0) > 1;
        return {
          rows: (input.rows ?? []).map((row, i) => {
            const where = many ? `[${i}]` : '';
            if (row.spec === undefined) throw badRequest(`invalid objective${where}: spec: This field is required`);
            return { source: 'UI', ...checked(row, where) };
          }),
        };
      }
      if (input.method === 'PATCH' && input.patch) return { patch: checked(input.patch, '') };
      return undefined;
    },
  });
}
