/**
 * Access entries of a `full: true` document (Mission Control's reserved keys): `external_users`
 * (or `users`), `external_groups` (`groups`), `external_roles` (`roles`), `external_user_groups`
 * (`user_groups`), `config_access` (`access`) and `access_logs` (`logs`). Identities are named by
 * their aliases (default: email, else name); grants and logins name the item by `external_id`
 * (else the document's default) and the user by `user` or `external_user_aliases`.
 */

export interface ExternalIdentity {
  aliases: string[];
  name: string;
  email?: string;
  kind?: string;
  description?: string;
}

export interface ExternalAccessEntry {
  externalId: string;
  configType?: string;
  user?: string;
  group?: string;
  role?: string;
  createdAt?: Date;
  lastReviewedAt?: Date;
}

export interface ExternalAccessLog {
  externalId: string;
  configType?: string;
  user: string;
  createdAt: Date;
  mfa?: boolean;
  count?: number;
  properties?: unknown;
}

export interface ExternalAccess {
  users: ExternalIdentity[];
  groups: ExternalIdentity[];
  roles: ExternalIdentity[];
  userGroups: Array<{ user: string; group: string }>;
  access: ExternalAccessEntry[];
  logs: ExternalAccessLog[];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const list = (top: Dict, ...keys: string[]): unknown[] => {
  for (const k of keys) if (Array.isArray(top[k])) return top[k] as unknown[];
  return [];
};
function time(v: unknown): Date | undefined {
  const s = str(v);
  if (!s) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
const firstAlias = (v: unknown): string | undefined => (Array.isArray(v) ? str(v[0]) : str(v));

export const emptyAccess = (): ExternalAccess => ({
  users: [],
  groups: [],
  roles: [],
  userGroups: [],
  access: [],
  logs: [],
});

export const hasAccess = (a: ExternalAccess): boolean =>
  a.users.length + a.groups.length + a.roles.length + a.access.length + a.logs.length + a.userGroups.length > 0;

function identities(entries: unknown[], kindKey: string, label: string, where: string, warnings: string[]) {
  const out: ExternalIdentity[] = [];
  entries.forEach((e, i) => {
    if (!isDict(e)) return;
    const name = str(e.name);
    const aliases = (Array.isArray(e.aliases) ? e.aliases.map(str) : []).filter((a): a is string => !!a);
    const email = str(e.email);
    const key = aliases[0] ?? email ?? name;
    if (!name || !key) {
      warnings.push(`${where}: ${label}[${i}] has no name; dropped`);
      return;
    }
    out.push({
      aliases: aliases.length ? aliases : [key],
      name,
      email,
      kind: str(e[kindKey]),
      description: str(e.description),
    });
  });
  return out;
}

/** The access entries of a full-mode map; `defaults` name the item of entries that name none. */
export function extractAccess(
  top: Dict,
  defaults: { externalId?: string; configType?: string },
  where: string,
): { access: ExternalAccess; warnings: string[] } {
  const warnings: string[] = [];
  const access = emptyAccess();
  access.users = identities(list(top, 'external_users', 'users'), 'user_type', 'external_users', where, warnings);
  access.groups = identities(list(top, 'external_groups', 'groups'), 'group_type', 'external_groups', where, warnings);
  access.roles = identities(list(top, 'external_roles', 'roles'), 'role_type', 'external_roles', where, warnings);
  for (const e of list(top, 'external_user_groups', 'user_groups')) {
    if (!isDict(e)) continue;
    const user = str(e.user) ?? firstAlias(e.external_user_aliases);
    const group = str(e.group) ?? firstAlias(e.external_group_aliases);
    if (user && group) access.userGroups.push({ user, group });
  }
  list(top, 'config_access', 'access').forEach((e, i) => {
    if (!isDict(e)) return;
    const externalId = str(e.external_id) ?? defaults.externalId;
    const user = str(e.user) ?? firstAlias(e.external_user_aliases);
    const group = str(e.group) ?? firstAlias(e.external_group_aliases);
    if (!externalId || (!user && !group)) {
      warnings.push(`${where}: config_access[${i}] has no ${externalId ? 'user or group' : 'external_id'}; dropped`);
      return;
    }
    access.access.push({
      externalId,
      configType: str(e.config_type) ?? defaults.configType,
      user,
      group,
      role: str(e.role) ?? firstAlias(e.external_role_aliases),
      createdAt: time(e.created_at),
      lastReviewedAt: time(e.last_reviewed_at),
    });
  });
  list(top, 'access_logs', 'logs').forEach((e, i) => {
    if (!isDict(e)) return;
    const externalId = str(e.external_id) ?? defaults.externalId;
    const user = str(e.user) ?? firstAlias(e.external_user_aliases);
    const createdAt = time(e.created_at);
    if (!externalId || !user || !createdAt) {
      const missing = !externalId ? 'external_id' : !user ? 'user' : 'created_at';
      warnings.push(`${where}: access_logs[${i}] has no ${missing}; dropped`);
      return;
    }
    const count = typeof e.count === 'number' && e.count > 0 ? Math.floor(e.count) : undefined;
    access.logs.push({
      externalId,
      configType: str(e.config_type) ?? defaults.configType,
      user,
      createdAt,
      mfa: typeof e.mfa === 'boolean' ? e.mfa : undefined,
      count,
      properties: isDict(e.properties) ? e.properties : undefined,
    });
  });
  return { access, warnings };
}
