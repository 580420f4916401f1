import { type CanaryResource, canarySchedule } from '@opsdeck/schema';
import { assertAgent } from '../agents/index.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError } from '../errors.js';
import type { Subject } from '../rbac/resources.js';
import { OUTPUT_SECRETS, SPEC_SECRETS } from '../rest/secrets.js';
import { exposeFunction, exposeTable, type Row } from '../rest/whitelist.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { deriveChecks, ensureSchedule, runsHere, stopHere } from './canaries.js';
import { CanaryValidationError, validateCanary } from './canaryYaml.js';

/**
 * The health tables under /api/db: canaries are written there by the UI (validated before the
 * write, their checks derived inside the same transaction); checks, results and rollups are
 * read-only because only the engine writes them.
 */

/** Validates a canaries row's spec as a whole Canary document; answers the 400 a client can act on. */
function validateRow(row: Row, index?: number): void {
  const where = index === undefined ? '' : `[${index}]`;
  if (row.spec === undefined) return;
  const labels = row.labels && typeof row.labels === 'object' ? row.labels : undefined;
  try {
    validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: typeof row.name === 'string' ? row.name : 'canary', ...(labels ? { labels } : {}) },
      spec: row.spec,
    });
  } catch (err) {
    if (err instanceof CanaryValidationError) {
      throw badRequest(`invalid canary${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/** Refuses a spec with exec checks to whom OPSDECK_EXEC does not allow them (403). */
function checkExecAllowed(ctx: AppContext, subject: Subject, row: Row): void {
  const refusal = execWriteRefusal(ctx.config.sandbox.exec, subject.roles, row.spec);
  if (refusal) throw new DomainError('forbidden', refusal);
}

// inline credentials of a spec read masked and are kept when a spec comes back with the marker
const specSecrets = { spec: SPEC_SECRETS };
// a result's message or error may quote a URL with its credentials; details may echo them
const resultSecrets = { message: 'url', error: 'url', details: OUTPUT_SECRETS } as const;

const readOnly = { resource: 'canaries', writable: false } as const;

/** Serves canaries, checks and their results under /api/db; the app calls it when it starts. */
export function exposeHealth(): void {
  exposeTable('canaries', {
    resource: 'canaries',
    writable: true,
    secrets: specSecrets,
    async beforeWrite(ctx, input) {
      if (input.method === 'POST') {
        const rows = (input.rows ?? []).map((row, i) => {
          if (row.spec === undefined)
            throw badRequest(`invalid canary${input.rows?.length === 1 ? '' : `[${i}]`}: spec: This field is required`);
          validateRow(row, input.rows?.length === 1 ? undefined : i);
          checkExecAllowed(ctx, input.subject, row);
          return { source: 'UI', ...row } as Row;
        });
        for (const [i, row] of rows.entries())
          await assertAgent(ctx.db.kysely, row.agent_id, rows.length > 1 ? `[${i}]` : '');
        return { rows };
      }
      if (input.method === 'PATCH' && input.patch) {
        validateRow(input.patch);
        checkExecAllowed(ctx, input.subject, input.patch);
        await assertAgent(ctx.db.kysely, input.patch.agent_id);
      }
      return undefined;
    },
    async afterWrite(ctx, { method, rows, trx }) {
      if (method === 'DELETE') return; // the database turns it into a soft delete of the canary and its checks
      for (const row of rows) {
        if (row.deleted_at) continue;
        const spec = row.spec as CanaryResource['spec'];
        // an agent's canary, or one copied to agents, runs there: its checks arrive with the agent's pushes
        if (!runsHere(row.agent_id, spec)) {
          await stopHere(trx, row.id as string);
          continue;
        }
        const canary = {
          id: row.id as string,
          name: row.name as string,
          namespace: (row.namespace as string) ?? 'default',
        };
        await deriveChecks(trx, canary, spec);
        await ensureSchedule(trx, row.id as string, canarySchedule(spec), undefined, ctx.clock);
      }
    },
  });
  exposeTable('canaries_with_status', { ...readOnly, secrets: specSecrets });
  exposeTable('canary_names', readOnly);
  exposeTable('checks', { ...readOnly, secrets: specSecrets });
  exposeTable('check_names', readOnly);
  exposeTable('check_statuses', { ...readOnly, secrets: resultSecrets });
  exposeTable('check_statuses_1h', readOnly);
  exposeTable('check_statuses_1d', readOnly);
  exposeFunction('soft_delete_canary', { resource: 'canaries', action: 'delete' });
}
