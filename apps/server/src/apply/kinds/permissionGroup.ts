import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { APPLIED_SOURCE, type ApplyScope, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, validator } from '../schema.js';
import '../tables.js';

const schema = crdSchema(
  'PermissionGroup',
  z.strictObject({
    name: z.string().trim().min(1).max(200),
    people: z.array(z.string().trim().min(1)).optional(),
    teams: z.array(z.string().trim().min(1)).optional(),
    notifications: z.array(z.strictObject({ name: z.string().min(1), namespace: z.string().optional() })).optional(),
  }),
);
type GroupResource = z.infer<typeof schema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of the members, each found or refused with its path. */
async function members(scope: ApplyScope, r: GroupResource) {
  const one = async (table: string, where: ReturnType<typeof sql>, path: string, what: string) => {
    const { rows } = await sql<{ id: string }>`
      select id::text as id from ${sql.table(table)} where ${where} and deleted_at is null limit 1`.execute(scope.trx);
    if (!rows[0]) throw badRequest(`${path}: no ${what}`);
    return rows[0].id;
  };
  const people = [];
  for (const [i, p] of (r.spec.people ?? []).entries())
    people.push(
      await one(
        'people',
        UUID.test(p) ? sql`id = ${p}::uuid` : sql`lower(email) = ${p.toLowerCase()}`,
        `spec.people[${i}]`,
        `person "${p}"`,
      ),
    );
  const teams = [];
  for (const [i, t] of (r.spec.teams ?? []).entries())
    teams.push(
      await one('teams', UUID.test(t) ? sql`id = ${t}::uuid` : sql`name = ${t}`, `spec.teams[${i}]`, `team "${t}"`),
    );
  const notifications = [];
  for (const [i, n] of (r.spec.notifications ?? []).entries()) {
    const ns = n.namespace ?? r.metadata.namespace;
    notifications.push(
      await one(
        'notifications',
        sql`name = ${n.name} and namespace = ${ns}`,
        `spec.notifications[${i}]`,
        `notification ${ns}/${n.name}`,
      ),
    );
  }
  return { people, teams, notifications };
}

/**
 * PermissionGroup (mission-control.flanksource.com/v1): people, teams and notifications that
 * Permission rows with `subject.group: <spec.name>` apply to (identity/people/subject.ts reads them).
 */
export const permissionGroupKind = defineKind<GroupResource>({
  table: 'permission_groups',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'permission_groups', { name: r.spec.name }),
  async save(scope, r) {
    const values = {
      namespace: r.metadata.namespace,
      selectors: JSON.stringify(await members(scope, r)),
      source: APPLIED_SOURCE,
    };
    const id = await locate(scope, 'permission_groups', { name: r.spec.name });
    if (id) await scope.trx.updateTable('permission_groups').set(values).where('id', '=', id).execute();
    else
      await scope.trx
        .insertInto('permission_groups')
        .values({ ...values, name: r.spec.name, created_by: scope.author })
        .execute();
  },
  remove: (scope, id) => softDelete(scope, 'permission_groups', id),
});
