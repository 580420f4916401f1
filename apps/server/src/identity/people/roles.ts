import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ROLES, type Role } from '../../rbac/resources.js';
import '../tables.js';

/** Whether a string names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The roles assigned to a person. */
export async function rolesOf(db: Kysely<Database>, personId: string): Promise<Role[]> {
  const rows = await db
    .selectFrom('person_roles')
    .select('role')
    .where('person_id', '=', personId)
    .orderBy('role')
    .execute();
  return rows.map((r) => r.role).filter(isRole);
}

/** Replaces the roles of a person. */
export async function setRoles(db: Kysely<Database>, personId: string, roles: Role[]): Promise<void> {
  await db.deleteFrom('person_roles').where('person_id', '=', personId).execute();
  const unique = [...new Set(roles)];
  if (unique.length) {
    await db
      .insertInto('person_roles')
      .values(unique.map((role) => ({ person_id: personId, role })))
      .execute();
  }
}

/** How many active (not deleted) people hold the admin role. */
export async function adminCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('person_roles as r')
    .innerJoin('people as p', 'p.id', 'r.person_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.role', '=', 'admin')
    .where('p.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
