import { sql } from 'kysely';
import { searchResources } from '../../catalog/query/search.js';
import type { ViewSource } from './types.js';

const MAX_CONFIGS = 5000;
const MAX_CHANGES = 5000;

/** `changes`: the changes of the config items a ResourceSelector matches, newest first. */
export const changesSource: ViewSource<'changes'> = {
  key: 'changes',
  async run(selector, ctx) {
    const configs = await searchResources(ctx.db, 'configs', [selector], MAX_CONFIGS);
    if (!configs.length) return [];
    const ids = configs.map((c) => String(c.id));
    const { rows } = await sql<Record<string, unknown>>`
      select cc.id, cc.config_id, ci.name as config_name, ci.type as config_type, cc.change_type, cc.severity,
        cc.source, cc.summary, cc.external_created_by, cc.count, cc.first_observed, cc.created_at
      from config_changes cc join config_items ci on ci.id = cc.config_id
      where cc.config_id in (${sql.join(ids)})
      order by cc.created_at desc
      limit ${Math.min(selector.limit ?? MAX_CHANGES, MAX_CHANGES)}
    `.execute(ctx.db.kysely);
    return rows;
  },
};
