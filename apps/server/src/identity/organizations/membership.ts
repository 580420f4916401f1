import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Role } from '../../rbac/resources.js';
import { rolesOf, setRoles } from '../people/roles.js';
import type { OrganizationConfig } from './config.js';
import './tables.js';

/** The claims of a provider token this module reads. */
export type Claims = Record<string, unknown>;

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The provider groups of a token. */
export function groupsOf(cfg: OrganizationConfig, claims: Claims): string[] {
  return [...new Set(strings(claims[cfg.groupsClaim]))];
}

/** The organizations a token names: the organization claim, plus groups `<prefix><org>`. */
export function organizationsOf(cfg: OrganizationConfig, claims: Claims): string[] {
  const fromGroups = cfg.groupPrefix
    ? groupsOf(cfg, claims)
        .filter((g) => g.startsWith(cfg.groupPrefix))
        .map((g) => g.slice(cfg.groupPrefix.length))
        // `org:acme:admin` is a role group of acme, not an organization named `acme:admin`
        .filter((g) => g && !g.includes(':'))
    : [];
  return [...new Set([...strings(claims[cfg.claim]), ...fromGroups])].sort();
}

/** Whether the token's person belongs to this backend's organization. */
export const isMember = (cfg: OrganizationConfig, claims: Claims) => organizationsOf(cfg, claims).includes(cfg.id);

/** The roles this organization's groups give: every role one of whose groups the person is in. */
export function rolesFor(cfg: OrganizationConfig, groups: string[]): Role[] {
  const held = new Set(groups);
  const out: Role[] = [];
  for (const [role, wanted] of Object.entries(cfg.roleGroups)) {
    if (wanted.some((g) => held.has(g.replaceAll('{org}', cfg.id)))) out.push(role as Role);
  }
  return out.sort();
}

/**
 * Records what the provider said and makes the person's roles exactly what its groups map to,
 * so a group removed at the provider removes the role at the next sign-in.
 */
export async function syncMembership(
  db: Kysely<Database>,
  cfg: OrganizationConfig,
  personId: string,
  claims: Claims,
  now: Date,
): Promise<Role[]> {
  const groups = groupsOf(cfg, claims);
  const roles = rolesFor(cfg, groups);
  const organizations = organizationsOf(cfg, claims);
  const row = { organizations: JSON.stringify(organizations), groups: JSON.stringify(groups), synced_at: now };
  // a bearer token is checked on every request: write only when the provider said something new
  const [seen, current] = await Promise.all([
    db.selectFrom('person_organizations').selectAll().where('person_id', '=', personId).executeTakeFirst(),
    rolesOf(db, personId),
  ]);
  const same = (a: unknown, b: string[]) => JSON.stringify(strings(a)) === JSON.stringify(b);
  if (seen && same(seen.organizations, organizations) && same(seen.groups, groups) && same(current, roles)) {
    return roles;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('person_organizations')
      .values({ person_id: personId, ...row })
      .onConflict((oc) => oc.column('person_id').doUpdateSet(row))
      .execute();
    const current = await rolesOf(trx, personId);
    if (current.join(',') !== roles.join(',')) await setRoles(trx, personId, roles);
  });
  return roles;
}

/** The organizations recorded at the person's last sign-in (empty when never signed in there). */
export async function recordedOrganizations(db: Kysely<Database>, personId: string): Promise<string[]> {
  const row = await db
    .selectFrom('person_organizations')
    .select('organizations')
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return strings(row?.organizations);
}
