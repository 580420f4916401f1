import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import type { Restriction } from '../rbac/authorize.js';
import type { Subject } from '../rbac/resources.js';
import { restrictionSql } from '../rbac/selectorSql.js';
import { maskedColumn } from '../rest/secrets.js';
import { loadTargets } from './env.js';
import { requireTargetRead, runDecision } from './permission.js';
import { appliesTo, selectable, type TargetKind } from './targets.js';

/**
 * `GET /api/playbook/list`: the playbooks offered to run, or with one
 * of config_id, check_id, component_id those whose selectors match that resource. Only those the
 * caller reads (`read` on playbooks, narrowed by object selectors) and may run there: the run's
 * own decision (runDecision) over the rows the request already carries, no query per playbook.
 */
export async function listPlaybooks(
  ctx: AppContext,
  subject: Subject,
  readable: Restriction | undefined,
  q: { config_id?: string | undefined; check_id?: string | undefined; component_id?: string | undefined },
) {
  const rows = await ctx.db.kysely
    .selectFrom('playbooks')
    .select(['id', 'namespace', 'name', 'title', 'icon', 'description', 'source', 'category', 'created_at', 'spec'])
    .select(maskedColumn('playbooks', 'spec', sql.ref('spec')).as('masked'))
    .where('deleted_at', 'is', null)
    .where(readable ? sql<boolean>`${restrictionSql(readable, sql`playbooks.id`)}` : sql<boolean>`true`)
    .orderBy('name')
    .execute();
  const kind = (['config', 'check', 'component'] as const).find((k) => q[`${k}_id`]) as TargetKind | undefined;
  const env = kind ? await loadTargets(ctx.db.kysely, q) : {};
  let item: ReturnType<typeof selectable> | undefined;
  if (kind) {
    const id = q[`${kind}_id`] as string;
    const row = env[kind] as Record<string, unknown> | undefined;
    if (!row) throw notFound(`${kind} ${id} not found`);
    // a run needs read on its resource: nothing is offered on one the caller cannot read
    requireTargetRead(subject, kind, id, row);
    item = selectable(kind, row);
  }
  return rows
    .filter((r) => !kind || !item || appliesTo(r.spec as PlaybookSpec, kind, item))
    .filter((r) => runDecision(subject, r, q, env).allowed)
    .map(({ masked, ...r }) => ({ ...r, spec: masked, parameters: (r.spec as PlaybookSpec).parameters ?? [] }));
}
