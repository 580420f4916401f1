import { assertAgent } from '../agents/index.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError } from '../errors.js';
import type { Subject } from '../rbac/resources.js';
import { SPEC_SECRETS } from '../rest/secrets.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { TopologyValidationError, topologySchedule, validateTopology } from './topologyYaml.js';
import './tables.js';

/**
 * The topology tables and views under /api/db. Topologies are written by Settings > Topology
 * (validated as whole Topology documents, exec lookups under OPSDECK_EXEC); components take one
 * client write, PATCH of `hidden` (the card menu); everything else is written by runs alone.
 */

function validateRow(row: Row, where: string): void {
  if (row.spec === undefined) return;
  try {
    validateTopology({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: typeof row.name === 'string' && row.name ? row.name : 'topology' },
      spec: row.spec,
    });
  } catch (err) {
    if (err instanceof TopologyValidationError) {
      throw badRequest(`invalid topology${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

function checkExec(ctx: AppContext, subject: Subject, row: Row): void {
  const refusal = execWriteRefusal(ctx.config.sandbox.exec, subject.roles, row.spec, 'Topology');
  if (refusal) throw new DomainError('forbidden', refusal);
}

const schedule = (row: Row) =>
  row.spec && typeof row.spec === 'object' ? { schedule: topologySchedule(row.spec as { schedule?: string }) } : {};

/** Serves topologies and components under /api/db; the app calls it when it starts. */
export function exposeTopology(): void {
  exposeTable('topologies', {
    resource: 'topologies',
    writable: true,
    secrets: { spec: SPEC_SECRETS },
    readOnlyColumns: ['next_runtime', 'claimed_by', 'schedule'],
    defaults: { created_by: createdBySubject },
    async beforeWrite(ctx, input) {
      if (input.method === 'POST') {
        const many = (input.rows?.length ?? 0) > 1;
        const rows = (input.rows ?? []).map((row, i) => {
          const where = many ? `[${i}]` : '';
          if (row.spec === undefined) throw badRequest(`invalid topology${where}: spec: This field is required`);
          validateRow(row, where);
          checkExec(ctx, input.subject, row);
          return { source: 'UI', ...row, ...schedule(row), next_runtime: new Date().toISOString() } as Row;
        });
        for (const [i, row] of rows.entries()) await assertAgent(ctx.db.kysely, row.agent_id, many ? `[${i}]` : '');
        return { rows };
      }
      if (input.method === 'PATCH' && input.patch) {
        validateRow(input.patch, '');
        checkExec(ctx, input.subject, input.patch);
        await assertAgent(ctx.db.kysely, input.patch.agent_id);
        if (input.patch.spec !== undefined) {
          return { patch: { ...input.patch, ...schedule(input.patch), next_runtime: new Date().toISOString() } };
        }
      }
      return undefined;
    },
  });
  exposeTable('components', {
    resource: 'topologies',
    writable: true,
    objects: { kind: 'components', column: 'id' },
    // inline checks are Canary specs: their credentials read masked, as a canary's do
    secrets: { component_checks: SPEC_SECRETS },
    async beforeWrite(_ctx, input) {
      if (input.method !== 'PATCH')
        throw badRequest('components are written by topology runs; only hidden can be changed');
      const extra = Object.keys(input.patch ?? {}).filter((k) => k !== 'hidden');
      if (extra.length) throw badRequest(`components: only hidden can be changed, not ${extra.join(', ')}`);
      return undefined;
    },
  });
  for (const name of [
    'component_relationships',
    'check_component_relationships',
    'component_names',
    'component_names_all',
    'component_labels',
    'component_types',
    'components_with_logs',
    'checks_by_component',
  ]) {
    exposeTable(name, { resource: 'topologies', writable: false });
  }
}
