import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import type { EventResource } from './resources.js';

const DEFAULT_GROUP_INTERVAL_S = 24 * 3600;

function groupValue(key: string, r: EventResource): string {
  if (key === 'type') return r.type ?? '';
  if (key === 'description' || key === 'status_reason') return r.description ?? '';
  if (key.startsWith('label:') || key.startsWith('tag:')) return r.labels[key.slice(key.indexOf(':') + 1)] ?? '';
  return '';
}

/**
 * Puts the resource into its rule's group (groupBy keys: type, description, status_reason,
 * label:<k>, tag:<k>) for the group interval, and returns the group id and the names of the
 * resources grouped so far (the `groupedResources` template variable).
 */
export async function joinGroup(
  db: Executor,
  rule: { id: string; group_by: string[] | null; group_by_interval: number | null },
  resource: EventResource,
  now: Date,
): Promise<{ groupId: string; groupedResources: string[] } | null> {
  if (!rule.group_by?.length) return null;
  const key = rule.group_by.map((k) => `${k}=${groupValue(k, resource)}`).join('\n');
  const hash = createHash('sha256').update(`${rule.id}\n${key}`).digest('hex');
  const since = new Date(now.getTime() - (rule.group_by_interval ?? DEFAULT_GROUP_INTERVAL_S) * 1000);
  let group = await db
    .selectFrom('notification_groups')
    .select('id')
    .where('notification_id', '=', rule.id)
    .where('hash', '=', hash)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  group ??= await db
    .insertInto('notification_groups')
    .values({ hash, notification_id: rule.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const col = resource.kind === 'check' ? 'check_id' : resource.kind === 'component' ? 'component_id' : 'config_id';
  await sql`insert into notification_group_resources (group_id, ${sql.ref(col)}, created_at, updated_at)
            values (${group.id}, ${resource.id}, ${now}, ${now}) on conflict do nothing`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select distinct resource->>'name' as name from notification_send_history
    where group_id = ${group.id} and resource ? 'name'`.execute(db);
  const names = new Set(rows.map((r) => r.name));
  names.add(resource.name);
  return { groupId: group.id, groupedResources: [...names].sort() };
}
