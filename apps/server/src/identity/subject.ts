import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { PermissionRule, Subject } from '../rbac/resources.js';
import { rolesOf } from './roles.js';

/**
 * Builds the subject of a person: roles, teams and the permission rows in force now that name
 * the person or one of their teams. Undefined when the person is gone.
 */
export async function loadSubject(db: Kysely<Database>, personId: string, now: Date): Promise<Subject | undefined> {
  const person = await db
    .selectFrom('people')
    .select(['id', 'name', 'email', 'type'])
    .where('id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!person) return undefined;
  const teams = await db.selectFrom('team_members').select('team_id').where('person_id', '=', personId).execute();
  const teamIds = teams.map((t) => t.team_id);
  const rows = await db
    .selectFrom('permissions')
    .select([
      'id',
      'action',
      'deny',
      'object',
      'component_id',
      'config_id',
      'canary_id',
      'playbook_id',
      'connection_id',
    ])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .where((eb) => eb.or([eb('person_id', '=', personId), ...(teamIds.length ? [eb('team_id', 'in', teamIds)] : [])]))
    .execute();
  const permissions: PermissionRule[] = rows;
  return {
    id: person.id,
    kind: person.type === 'agent' ? 'agent' : 'person',
    roles: await rolesOf(db, personId),
    teamIds,
    name: person.name,
    ...(person.email ? { email: person.email } : {}),
    permissions,
  };
}
