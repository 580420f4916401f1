import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { AppContext } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { maskedColumn } from '../rest/secrets.js';
import { loadTargets } from './env.js';
import { appliesTo, selectable, type TargetKind } from './targets.js';

/**
 * `GET /api/playbook/list`: every playbook, or with one of config_id, check_id, component_id
 * only those whose selectors match that resource (reference backend.md 2.2).
 */
export async function listPlaybooks(
  ctx: AppContext,
  q: { config_id?: string | undefined; check_id?: string | undefined; component_id?: string | undefined },
) {
  const rows = await ctx.db.kysely
    .selectFrom('playbooks')
    .select(['id', 'namespace', 'name', 'title', 'icon', 'description', 'source', 'category', 'created_at', 'spec'])
    .select(maskedColumn('playbooks', 'spec', sql.ref('spec')).as('masked'))
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  const kind = (['config', 'check', 'component'] as const).find((k) => q[`${k}_id`]) as TargetKind | undefined;
  let item: ReturnType<typeof selectable> | undefined;
  if (kind) {
    const env = await loadTargets(ctx.db.kysely, q);
    const row = (env[kind] ?? (kind === 'component' ? { id: q.component_id } : undefined)) as
      | Record<string, unknown>
      | undefined;
    if (!row) throw notFound(`${kind} ${q[`${kind}_id`]} not found`);
    item = selectable(kind, row);
  }
  return rows
    .filter((r) => !kind || !item || appliesTo(r.spec as PlaybookSpec, kind, item))
    .map(({ masked, ...r }) => ({ ...r, spec: masked, parameters: (r.spec as PlaybookSpec).parameters ?? [] }));
}
