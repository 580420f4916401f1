import type { PlaybookResource } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { type JsonSecret, OUTPUT_SECRETS, SECRET_KEYS } from '../rest/secrets.js';
import { createdBySubject, exposeFunction, exposeTable, type Row } from '../rest/whitelist.js';
import { type GatedPlaybook, requireGateKeeper } from './approvers.js';
import { playbookExecRefusal, syncSchedules } from './store.js';
import { PlaybookValidationError, validatePlaybook } from './yaml.js';
import './tables.js';

/**
 * The playbook tables under /api/db: `playbooks` is written by the
 * Settings editor (only rows of source UI: files and the CLI own the others); runs, actions and approvals are read-only here, the run API writes them.
 */

function validateRow(row: Row, where: string): PlaybookResource | undefined {
  if (row.spec === undefined) return undefined;
  try {
    return validatePlaybook({
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Playbook',
      metadata: {
        name: typeof row.name === 'string' && row.name ? row.name : 'playbook',
        ...(typeof row.namespace === 'string' && row.namespace ? { namespace: row.namespace } : {}),
      },
      spec: row.spec,
    });
  } catch (err) {
    if (err instanceof PlaybookValidationError) {
      throw badRequest(`invalid playbook${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/** The live playbooks POST rows name (by id, or by namespace and name), as the gate sees them. */
async function postTargets(ctx: AppContext, rows: Row[]): Promise<GatedPlaybook[]> {
  const ids = rows.map((r) => r.id).filter((v): v is string => typeof v === 'string' && UUID.test(v));
  const names = rows
    .filter((r) => typeof r.name === 'string')
    .map((r) => ({ name: String(r.name), namespace: typeof r.namespace === 'string' ? r.namespace : 'default' }));
  if (!ids.length && !names.length) return [];
  return ctx.db.kysely
    .selectFrom('playbooks')
    .select(['id', 'name', 'namespace', 'category', 'spec'])
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...names.map((n) => eb.and([eb('name', '=', n.name), eb('namespace', '=', n.namespace)])),
      ]),
    )
    .execute();
}

// specs hold credentials (webhook basic auth, http and git passwords): read masked, kept when written back
// (the checks' SPEC_SECRETS but for `webhook`, which is a trigger here, not a URL)
export const PLAYBOOK_SPEC_SECRETS: readonly JsonSecret[] = [
  [`**.${SECRET_KEYS}`, 'secret'],
  ['**.url|endpoint|connection|uri|dsn|host|server', 'url'],
  ['**.headers|env.*', 'entry'],
];
const secrets = { spec: PLAYBOOK_SPEC_SECRETS };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SPEC_DECIDED = new Set(['title', 'icon', 'description', 'category']);

// what an action said: errors quote URLs, results echo headers and tokens. Both are masked when
// stored (playbooks/runSecrets.ts); these masks cover rows stored before that and what slips by.
// a webhook run's request: its headers carry the caller's credentials
const REQUEST_SECRETS: readonly JsonSecret[] = [
  [
    `**.${SECRET_KEYS}|authorization|proxy-authorization|cookie|x-api-key|x-hub-signature|x-hub-signature-256`,
    'secret',
  ],
  ['**.url', 'url'],
];
export const RUN_SECRETS = { spec: PLAYBOOK_SPEC_SECRETS, error: 'url', request: REQUEST_SECRETS } as const;
export const RUN_ACTION_SECRETS = { result: OUTPUT_SECRETS, error: 'url' } as const;
// a run is about its playbook: selector rows on playbooks (a deny above all) narrow its runs,
// their actions and approvals to the playbooks the reader reaches
const ofRuns = (keep: (id: RawBuilder<unknown>) => RawBuilder<unknown>) =>
  sql`select r.id from playbook_runs r where ${keep(sql`r.playbook_id`)}`;

/** Serves playbooks and their runs under /api/db; the app calls it when it starts. */
export function exposePlaybooks(): void {
  exposeTable('playbooks', {
    resource: 'playbooks',
    objects: { kind: 'playbooks', column: 'id' },
    writable: true,
    secrets,
    readsPriorRows: true,
    defaults: { created_by: createdBySubject },
    readOnlyColumns: ['source'],
    async beforeWrite(ctx, input) {
      const check = (row: Row, where: string): Row => {
        const p = validateRow(row, where);
        if (!p) return row;
        const refusal = playbookExecRefusal(ctx.config.sandbox.exec, input.subject.roles, p.spec);
        if (refusal) throw badRequest(`invalid playbook${where}: ${refusal}`);
        // title, icon, description and category follow the spec unless the row sets them (null: the spec's)
        const set = Object.fromEntries(Object.entries(row).filter(([k, v]) => v !== null || !SPEC_DECIDED.has(k)));
        return {
          title: p.spec.title ?? p.metadata.name,
          icon: p.spec.icon ?? null,
          description: p.spec.description ?? null,
          category: p.spec.category ?? '',
          ...set,
        };
      };
      if (input.method === 'POST') {
        // a merging upsert may land on an existing playbook: its gate holds as for a PATCH
        for (const existing of await postTargets(ctx, input.rows ?? [])) {
          await requireGateKeeper(ctx.db.kysely, input.subject, existing);
        }
        const many = (input.rows?.length ?? 0) > 1;
        const rows = (input.rows ?? []).map((row, i) => {
          const where = many ? `[${i}]` : '';
          if (row.spec === undefined) throw badRequest(`invalid playbook${where}: spec: This field is required`);
          return { ...check(row, where), source: 'UI' };
        });
        return { rows };
      }
      if (input.method === 'PATCH' && input.patch) return { patch: check(input.patch, '') };
      return undefined;
    },
    async afterWrite(ctx, input) {
      const touched = input.method === 'PATCH' ? (input.before ?? []) : input.method === 'DELETE' ? input.rows : [];
      const foreign = touched.find((r) => r.source !== 'UI');
      if (foreign) {
        throw badRequest(
          `playbook ${String(foreign.name)} comes from ${String(foreign.source)}: only playbooks created in the UI can be changed here`,
        );
      }
      for (const row of touched) {
        await requireGateKeeper(input.trx, input.subject, {
          id: String(row.id),
          name: String(row.name),
          namespace: String(row.namespace ?? ''),
          category: String(row.category ?? ''),
          spec: row.spec,
        });
      }
      if (input.method === 'DELETE') return;
      for (const row of input.rows) {
        if (row.deleted_at) {
          await input.trx.deleteFrom('playbook_schedules').where('playbook_id', '=', String(row.id)).execute();
          continue;
        }
        const p = validateRow(row, '');
        if (p) await syncSchedules(input.trx, String(row.id), p.spec, ctx.clock.now());
      }
    },
  });
  exposeTable('playbook_names', {
    resource: 'playbooks',
    writable: false,
    objects: { kind: 'playbooks', column: 'id' },
  });
  exposeTable('playbook_runs', {
    resource: 'playbook_runs',
    writable: false,
    secrets: RUN_SECRETS,
    objects: { kind: 'playbooks', column: 'playbook_id' },
  });
  exposeTable('playbook_run_actions', {
    resource: 'playbook_runs',
    writable: false,
    secrets: RUN_ACTION_SECRETS,
    objects: {
      kind: 'playbooks',
      source: (keep) => sql`select a.* from playbook_run_actions a where a.playbook_run_id in (${ofRuns(keep)})`,
    },
  });
  exposeTable('playbook_approvals', {
    resource: 'playbook_runs',
    writable: false,
    objects: {
      kind: 'playbooks',
      source: (keep) => sql`select p.* from playbook_approvals p where p.run_id in (${ofRuns(keep)})`,
    },
  });
  exposeFunction('get_playbook_run_actions', { resource: 'playbook_runs', secrets: RUN_ACTION_SECRETS });
}
