import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { ExternalChange } from './scrapers/types.js';

/** How far up the parent chain move-up / copy-up look for `ancestor_type`. */
const MAX_ANCESTOR_DEPTH = 20;

/**
 * The items a reported change is recorded on, after transform.changes.mapping: `move-up` records
 * it on the item's parent instead (or on its nearest ancestor whose type is `ancestor_type`),
 * `copy-up` on the item and on that ancestor. An item without such an ancestor keeps the change
 * itself, so nothing reported is lost. Any other action: the item alone.
 */
export async function changeTargets(
  trx: Transaction<Database>,
  configId: string,
  change: ExternalChange,
): Promise<string[]> {
  if (change.action !== 'move-up' && change.action !== 'copy-up') return [configId];
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, parent_id, type, depth) as (
      select ci.id, ci.parent_id, ci.type, 0 from config_items ci where ci.id = ${configId}
      union all
      select ci.id, ci.parent_id, ci.type, up.depth + 1 from config_items ci join up on ci.id = up.parent_id
      where up.depth < ${MAX_ANCESTOR_DEPTH}
    )
    select id from up
    where depth > 0 and (${change.ancestorType ?? null}::text is null or type = ${change.ancestorType ?? null})
    order by depth limit 1`.execute(trx);
  const ancestor = rows[0]?.id;
  if (!ancestor) return [configId];
  return change.action === 'move-up' ? [ancestor] : [configId, ancestor];
}
