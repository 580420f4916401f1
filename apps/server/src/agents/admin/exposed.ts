import { forbiddenWrite } from '../../rest/errors.js';
import { SECRET_KEYS, type SecretField } from '../../rest/secrets.js';
import { createdBySubject, exposeTable } from '../../rest/whitelist.js';
import { isAgentAdmin } from './admin.js';

/**
 * The agents under /api/db (Settings › Agents). Registering one (POST) and what makes it trusted
 * (its name, `admin_registered`, `exec_allowed`) need an admin; editors edit properties and
 * delete. An agent's person and username are set when it is generated (POST /api/agent/generate).
 */

/** Properties are free `key=value` labels: secret-named keys and credentials in URLs read masked. */
const secrets: Record<string, SecretField> = {
  properties: [
    [SECRET_KEYS, 'secret'],
    ['*', 'url'],
  ],
};

const ADMIN_COLUMNS = ['name', 'admin_registered', 'exec_allowed'] as const;

/** Serves agents and their summary under /api/db; the app calls it when it starts. */
export function exposeAgents(): void {
  exposeTable('agents', {
    resource: 'agents',
    writable: true,
    defaults: { created_by: createdBySubject },
    readOnlyColumns: ['person_id', 'username'],
    secrets,
    async beforeWrite(_ctx, input) {
      const admin = isAgentAdmin(input.subject);
      if (input.method === 'POST') {
        if (!admin)
          throw forbiddenWrite('registering an agent needs the admin role (an agent name is claimed by an admin)');
        return { rows: (input.rows ?? []).map((r) => ({ admin_registered: true, ...r })) };
      }
      if (input.method === 'PATCH' && input.patch && !admin) {
        const touched = ADMIN_COLUMNS.filter((c) => input.patch?.[c] !== undefined);
        if (touched.length) throw forbiddenWrite(`changing an agent's ${touched.join(', ')} needs the admin role`);
      }
      return undefined;
    },
  });
  exposeTable('agents_summary', { resource: 'agents', writable: false, secrets });
}
