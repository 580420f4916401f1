import { parseDuration } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { badRequest, notFound } from '../../errors.js';

/**
 * "What changed before it broke" (issue 12 item 8): the changes of the config items linked to a
 * check (check_config_relationships), and of the items within `depth` relationship hops of them,
 * in the `window` before the check failed, newest first. The failure is the check's current
 * failure when it is unhealthy (its last transition), else its latest failed run; `before` names
 * another moment.
 */
export interface CheckChangesRequest {
  window?: string;
  depth?: number;
  before?: string;
  limit?: number;
}

export interface CheckChanges {
  check_id: string;
  failed_at: string | null;
  from: string | null;
  changes: Array<Record<string, unknown>>;
}

const MAX_WINDOW_MS = 30 * 86_400_000;

export async function checkChanges(db: Db, checkId: string, req: CheckChangesRequest): Promise<CheckChanges> {
  const windowMs = parseDuration(req.window ?? '24h');
  if (windowMs === undefined || windowMs <= 0 || windowMs > MAX_WINDOW_MS) {
    throw badRequest('window: must be a duration between 1s and 30d, such as 1h or 24h');
  }
  const depth = Math.min(Math.max(req.depth ?? 1, 0), 5);
  const check = await db.kysely
    .selectFrom('checks')
    .select(['id', 'status', 'last_transition_time'])
    .where('id', '=', checkId)
    .executeTakeFirst();
  if (!check) throw notFound(`check ${checkId} not found`);

  let failedAt: Date | null = null;
  if (req.before) {
    failedAt = new Date(req.before);
    if (!/^\d{4}-\d{2}-\d{2}/.test(req.before) || Number.isNaN(failedAt.getTime())) {
      throw badRequest('before: must be an ISO time');
    }
  } else if (check.status === 'unhealthy' && check.last_transition_time) {
    failedAt = new Date(check.last_transition_time as unknown as string);
  } else {
    const { rows } = await sql<{ time: Date }>`
      select max(time) as time from check_statuses where check_id = ${checkId} and status = false
    `.execute(db.kysely);
    failedAt = rows[0]?.time ? new Date(rows[0].time) : null;
  }
  if (!failedAt) return { check_id: checkId, failed_at: null, from: null, changes: [] };
  const from = new Date(failedAt.getTime() - windowMs);
  const limit = Math.min(Math.max(req.limit ?? 100, 1), 500);

  const related =
    depth === 0
      ? sql``
      : sql`union select w.id, false from linked l, config_relationship_walk(l.config_id, true, false, ${depth}, false) w
        union select w.id, false from linked l, config_relationship_walk(l.config_id, false, false, ${depth}, false) w`;
  const { rows } = await sql<Record<string, unknown>>`
    with linked as (
      select config_id from check_config_relationships where check_id = ${checkId} and deleted_at is null
    ),
    scope as (
      select config_id as id, true as linked from linked ${related}
    )
    select cc.id, cc.config_id, cc.change_type, cc.severity, cc.source, cc.summary, cc.created_at, cc.count,
      cc.first_observed, cc.external_created_by, ci.name, ci.type, ci.config_class,
      bool_or(s.linked) as linked
    from config_changes cc
    join scope s on s.id = cc.config_id
    join config_items ci on ci.id = cc.config_id
    where cc.created_at >= ${from} and cc.created_at <= ${failedAt}
    group by cc.id, ci.id
    order by cc.created_at desc, cc.id
    limit ${limit}
  `.execute(db.kysely);
  return { check_id: checkId, failed_at: failedAt.toISOString(), from: from.toISOString(), changes: rows };
}
