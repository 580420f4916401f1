import { objectSelectorSchema } from '@opsdeck/schema/permissions';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { PermissionRule, Subject } from '../../rbac/resources.js';
import { rolesOf } from './roles.js';

/** Who a permission row may name: a person, their teams, or a notification. */
interface Holders {
  personId?: string;
  teamIds?: string[];
  notificationId?: string;
}

/** The names of the permission groups (PermissionGroup) any of `holders` belongs to. */
function groupNames(holders: Holders) {
  const member = (key: string, ids: readonly string[]) =>
    sql<boolean>`coalesce(g.selectors -> ${key}, '[]'::jsonb) ?| ${sql.val([...ids])}::text[]`;
  const tests = [
    ...(holders.personId ? [member('people', [holders.personId])] : []),
    ...(holders.teamIds?.length ? [member('teams', holders.teamIds)] : []),
    ...(holders.notificationId ? [member('notifications', [holders.notificationId])] : []),
  ];
  return sql<string>`(select g.name from permission_groups g where g.deleted_at is null and (${sql.join(tests, sql` or `)}))`;
}

/** The permission rows in force at `now` (not deleted, `until` not passed) naming any of `holders`. */
export async function permissionRows(db: Kysely<Database>, holders: Holders, now: Date): Promise<PermissionRule[]> {
  const teamIds = holders.teamIds ?? [];
  if (!holders.personId && !teamIds.length && !holders.notificationId) return [];
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
      'object_selector',
    ])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .where((eb) =>
      eb.or([
        ...(holders.personId ? [eb('person_id', '=', holders.personId)] : []),
        ...(teamIds.length ? [eb('team_id', 'in', teamIds)] : []),
        ...(holders.notificationId ? [eb('notification_id', '=', holders.notificationId)] : []),
        // rows granted to a permission group reach its people, teams and notifications
        eb.and([eb('subject_type', '=', 'group'), eb('subject', 'in', groupNames(holders))]),
      ]),
    )
    .execute();
  return rows.map(({ object_selector, ...row }) => {
    if (object_selector === null) return row;
    // rows are checked when written; one that is not a selector (any more) selects nothing
    const parsed = objectSelectorSchema.safeParse(object_selector);
    return { ...row, object_selector: parsed.success ? parsed.data : {} };
  });
}

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
  return {
    id: person.id,
    kind: person.type === 'agent' ? 'agent' : 'person',
    roles: await rolesOf(db, personId),
    teamIds,
    name: person.name,
    ...(person.email ? { email: person.email } : {}),
    permissions: await permissionRows(db, { personId, teamIds }, now),
  };
}

/**
 * The subject of a notification acting on its own (a notification that runs a playbook): no
 * roles, only the permission rows that name it.
 */
export async function notificationSubject(db: Kysely<Database>, notificationId: string, now: Date): Promise<Subject> {
  const rule = await db
    .selectFrom('notifications')
    .select(['name', 'namespace'])
    .where('id', '=', notificationId)
    .executeTakeFirst();
  return {
    id: notificationId,
    kind: 'notification',
    roles: [],
    teamIds: [],
    // namespace/name, as refusals name the rule
    name: rule ? `${rule.namespace}/${rule.name}` : notificationId,
    permissions: await permissionRows(db, { notificationId }, now),
  };
}
