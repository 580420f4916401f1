import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { ExternalAccess, ExternalIdentity } from './accessExtract.js';

/**
 * Stores the access entries a `full: true` scraper reported (accessExtract.ts): identities are
 * upserted per (scraper, first alias); a grant is one config_access row per (item, user, group,
 * role), seen again it is undeleted and its review time kept; a login moves the (item, user) row's
 * time forward and adds its count once (an older login seen again changes nothing).
 */

type Trx = Transaction<Database>;
type Target = (externalId: string, type: string | undefined) => Promise<string | undefined>;
type Table = 'external_users' | 'external_groups' | 'external_roles';

async function upsertIdentities(
  trx: Trx,
  table: Table,
  kindColumn: string,
  list: ExternalIdentity[],
  scraperId: string,
  now: Date,
) {
  for (const i of list) {
    const extra = table === 'external_users' ? sql`, email` : table === 'external_roles' ? sql`, description` : sql``;
    const extraValue =
      table === 'external_users'
        ? sql`, ${i.email ?? null}`
        : table === 'external_roles'
          ? sql`, ${i.description ?? null}`
          : sql``;
    const extraSet =
      table === 'external_users'
        ? sql`, email = excluded.email`
        : table === 'external_roles'
          ? sql`, description = excluded.description`
          : sql``;
    await sql`
      insert into ${sql.table(table)} (scraper_id, aliases, name, ${sql.ref(kindColumn)}${extra}, created_at, updated_at)
      values (${scraperId}, ${i.aliases}::text[], ${i.name}, ${i.kind ?? null}${extraValue}, ${now}, ${now})
      on conflict (scraper_id, (aliases[1])) do update set aliases = excluded.aliases, name = excluded.name,
        ${sql.ref(kindColumn)} = excluded.${sql.ref(kindColumn)}${extraSet}, updated_at = excluded.updated_at,
        deleted_at = null`.execute(trx);
  }
}

/** The id of the identity named `alias` (an alias, email or name), this scraper's first. */
async function identityId(trx: Trx, table: Table, alias: string, scraperId: string): Promise<string | undefined> {
  const email = table === 'external_users' ? sql`or email = ${alias}` : sql``;
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(table)}
    where deleted_at is null and (${alias} = any(aliases) or name = ${alias} ${email})
    order by (scraper_id = ${scraperId}) desc nulls last, created_at limit 1`.execute(trx);
  return rows[0]?.id;
}

export interface AccessCounts {
  access: number;
  logs: number;
}

export async function recordAccess(
  trx: Trx,
  a: ExternalAccess,
  target: Target,
  scraperId: string,
  now: Date,
): Promise<AccessCounts> {
  await upsertIdentities(trx, 'external_users', 'user_type', a.users, scraperId, now);
  await upsertIdentities(trx, 'external_groups', 'group_type', a.groups, scraperId, now);
  await upsertIdentities(trx, 'external_roles', 'role_type', a.roles, scraperId, now);
  const ids = new Map<string, string | undefined>();
  const lookup = async (table: Table, alias: string | undefined) => {
    if (!alias) return undefined;
    const key = `${table}\u0000${alias}`;
    if (!ids.has(key)) ids.set(key, await identityId(trx, table, alias, scraperId));
    return ids.get(key);
  };
  for (const ug of a.userGroups) {
    const user = await lookup('external_users', ug.user);
    const group = await lookup('external_groups', ug.group);
    if (!user || !group) continue;
    await sql`insert into external_user_groups (external_user_id, external_group_id, created_at)
      values (${user}, ${group}, ${now})
      on conflict (external_user_id, external_group_id) do update set deleted_at = null`.execute(trx);
  }
  const counts: AccessCounts = { access: 0, logs: 0 };
  for (const e of a.access) {
    const configId = await target(e.externalId, e.configType);
    const user = await lookup('external_users', e.user);
    const group = await lookup('external_groups', e.group);
    if (!configId || (!user && !group)) continue; // about an item or identity nobody reported
    const role = (await lookup('external_roles', e.role)) ?? null;
    await sql`
      insert into config_access as ca (config_id, external_user_id, external_group_id, external_role_id, scraper_id,
        created_at, last_reviewed_at)
      values (${configId}, ${user ?? null}, ${group ?? null}, ${role}, ${scraperId}, ${e.createdAt ?? now},
        ${e.lastReviewedAt ?? null})
      on conflict on constraint config_access_key do update set deleted_at = null,
        last_reviewed_at = coalesce(excluded.last_reviewed_at, ca.last_reviewed_at)`.execute(trx);
    counts.access++;
  }
  for (const l of a.logs) {
    const configId = await target(l.externalId, l.configType);
    const user = await lookup('external_users', l.user);
    if (!configId || !user) continue;
    await sql`
      insert into config_access_logs as al (config_id, external_user_id, scraper_id, created_at, mfa, properties, count)
      values (${configId}, ${user}, ${scraperId}, ${l.createdAt}, ${l.mfa ?? null},
        ${l.properties === undefined ? null : JSON.stringify(l.properties)}::jsonb, ${l.count ?? 1})
      on conflict (config_id, external_user_id) do update set
        count = case when excluded.created_at > al.created_at then al.count + excluded.count else al.count end,
        mfa = case when excluded.created_at > al.created_at then excluded.mfa else al.mfa end,
        properties = case when excluded.created_at > al.created_at then excluded.properties else al.properties end,
        created_at = greatest(al.created_at, excluded.created_at)`.execute(trx);
    counts.logs++;
  }
  return counts;
}
