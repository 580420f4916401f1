import type { Kysely, Updateable } from 'kysely';
import type { Database, PeopleTable } from '../../db/types.js';
import type { Role } from '../../rbac/resources.js';
import { type Traits, updateTraits } from './identities.js';
import { setRoles } from './roles.js';

/** Whether a person with this id exists and is not deleted. */
export async function personIsLive(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a person row with this id exists (deleted or not): access tokens belong to one. */
export async function personExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('people').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The person as `whoami` shows them. */
export async function personProfile(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'email', 'avatar', 'type', 'team_id', 'title', 'created_at', 'updated_at', 'last_login'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Writes the given columns of a person. */
export async function updatePerson(db: Kysely<Database>, id: string, patch: Updateable<PeopleTable>): Promise<void> {
  await db.updateTable('people').set(patch).where('id', '=', id).execute();
}

/**
 * Changes a person's account in one transaction: their identity's traits (when given), the person
 * row's columns in `patch` (when any) and their roles (when given). Throws DuplicateIdentityError
 * when the new email is taken.
 */
export async function updateAccount(
  db: Kysely<Database>,
  id: string,
  change: { traits?: Traits; patch: Updateable<PeopleTable>; roles?: Role[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (change.traits) await updateTraits(trx, id, change.traits);
    if (Object.keys(change.patch).length) await updatePerson(trx, id, change.patch);
    if (change.roles) await setRoles(trx, id, change.roles);
  });
}

/** A person with their roles, as the Users page lists them (people_roles). */
export async function personWithRoles(db: Kysely<Database>, id: string) {
  return db.selectFrom('people_roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Deletes a person: the row stays (soft delete) so what they created keeps its author; their
 * identity, access tokens, roles and team memberships go.
 */
export async function deletePerson(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('people').set({ deleted_at: now }).where('id', '=', id).execute();
    await trx.deleteFrom('identities').where('id', '=', id).execute();
    await trx.deleteFrom('access_tokens').where('person_id', '=', id).execute();
    await trx.deleteFrom('person_roles').where('person_id', '=', id).execute();
    await trx.deleteFrom('team_members').where('person_id', '=', id).execute();
  });
}
