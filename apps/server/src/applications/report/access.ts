import type { ApplicationReport, AppReportSection } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ConfigRef } from './configs.js';

type Users = ApplicationReport['accessControl']['users'];
type AccessLogs = Extract<AppReportSection, { type: 'accessLogs' }>['accessLogs'];
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface Grant {
  user_id: string;
  name: string;
  email: string | null;
  user_type: string | null;
  role: string | null;
  config_id: string;
  config: string | null;
  created_at: Date;
  last_reviewed_at: Date | null;
  last_login: Date | null;
}

/**
 * Who holds access to `configs` (config_access, group grants expanded to their members): one row
 * per (user, role), with when the first grant was made, the last login and the last review.
 * A grant without a role takes the role of the first `mapping.roles` entry matching its item.
 */
export async function accessUsers(
  db: Db,
  configs: ConfigRef[],
  roleOf: (configId: string) => string | undefined = () => undefined,
  reviewed: ConfigRef[] = [],
): Promise<Users> {
  if (!configs.length) return [];
  const ids = configs.map((c) => c.id);
  const reviewIds = reviewed.map((c) => c.id);
  const { rows } = await sql<Grant>`
    with grants as (
      select ca.config_id, ca.external_user_id as user_id, ca.external_role_id, ca.created_at, ca.last_reviewed_at
      from config_access ca
      where ca.deleted_at is null and ca.external_user_id is not null and ca.config_id = any(${sql.val(ids)}::uuid[])
      union all
      select ca.config_id, ug.external_user_id, ca.external_role_id, ca.created_at, ca.last_reviewed_at
      from config_access ca
      join external_user_groups ug on ug.external_group_id = ca.external_group_id and ug.deleted_at is null
      where ca.deleted_at is null and ca.config_id = any(${sql.val(ids)}::uuid[])
    )
    select g.user_id, u.name, u.email, u.user_type, r.name as role, g.config_id, ci.name as config, g.created_at,
      greatest(g.last_reviewed_at, (select max(ar.last_reviewed_at) from config_access ar
        where ar.external_user_id = g.user_id and ar.config_id = any(${sql.val(reviewIds)}::uuid[]))) as last_reviewed_at,
      (select max(l.created_at) from config_access_logs l
        where l.external_user_id = g.user_id and l.config_id = g.config_id) as last_login
    from grants g
    join external_users u on u.id = g.user_id and u.deleted_at is null
    join config_items ci on ci.id = g.config_id
    left join external_roles r on r.id = g.external_role_id
    order by u.name, g.created_at`.execute(db.kysely);
  const out = new Map<string, Users[number]>();
  for (const g of rows) {
    const role = g.role ?? roleOf(g.config_id) ?? null;
    const key = `${g.user_id}\u0000${role ?? ''}`;
    const prior = out.get(key);
    const lastLogin = iso(g.last_login);
    const reviewedAt = iso(g.last_reviewed_at);
    if (!prior) {
      out.set(key, {
        id: g.user_id,
        name: g.name,
        email: g.email,
        role,
        authType: g.user_type,
        config: g.config,
        created: new Date(g.created_at).toISOString(),
        lastLogin,
        lastAccessReview: reviewedAt,
      });
      continue;
    }
    if (prior.config !== g.config) prior.config = null; // granted on several items
    if (lastLogin && (!prior.lastLogin || lastLogin > prior.lastLogin)) prior.lastLogin = lastLogin;
    if (reviewedAt && (!prior.lastAccessReview || reviewedAt > prior.lastAccessReview))
      prior.lastAccessReview = reviewedAt;
  }
  return [...out.values()];
}

/** How the users of `configs` sign in: per user type, users, logins, logins with MFA and the last login. */
export async function authentication(
  db: Db,
  configs: ConfigRef[],
): Promise<ApplicationReport['accessControl']['authentication']> {
  if (!configs.length) return [];
  const { rows } = await sql<{
    auth_type: string;
    users: string;
    logins: string;
    mfa_logins: string;
    last_login: Date | null;
  }>`
    select coalesce(u.user_type, 'unknown') as auth_type, count(distinct u.id) as users, sum(l.count) as logins,
      coalesce(sum(l.count) filter (where l.mfa), 0) as mfa_logins, max(l.created_at) as last_login
    from config_access_logs l join external_users u on u.id = l.external_user_id
    where l.config_id = any(${sql.val(configs.map((c) => c.id))}::uuid[])
    group by 1 order by 1`.execute(db.kysely);
  return rows.map((r) => ({
    authType: r.auth_type,
    users: Number(r.users),
    logins: Number(r.logins),
    mfaLogins: Number(r.mfa_logins),
    lastLogin: iso(r.last_login),
  }));
}

/** The latest logins to `configs`, newest first. */
export async function accessLogs(db: Db, configs: ConfigRef[], limit = 200): Promise<AccessLogs> {
  if (!configs.length) return [];
  const { rows } = await sql<{
    user: string;
    config: string | null;
    created_at: Date;
    mfa: boolean | null;
    count: number;
  }>`
    select u.name as user, ci.name as config, l.created_at, l.mfa, l.count
    from config_access_logs l
    join external_users u on u.id = l.external_user_id
    join config_items ci on ci.id = l.config_id
    where l.config_id = any(${sql.val(configs.map((c) => c.id))}::uuid[])
    order by l.created_at desc limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({
    user: r.user,
    config: r.config,
    date: new Date(r.created_at).toISOString(),
    mfa: r.mfa,
    count: r.count,
  }));
}
