import { resourceSelectorSchema } from '@opsdeck/schema/permissions';
import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest, forbidden } from '../../errors.js';
import { grantRefusal } from '../../rbac/grants.js';
import { permissionRowProblem } from '../../rbac/permissions.js';
import { APPLIED_SOURCE, type ApplyScope, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';
import { expandObject } from '../scopeExpansion.js';

const cacheless = unsupported('permission selectors are evaluated on every request; there is no cache to direct');
const selector = resourceSelectorSchema.extend({
  cache: cacheless,
  fieldSelector: unsupported('select by name, namespace, types, labelSelector or tagSelector'),
  includeDeleted: unsupported('deleted objects are never reachable through a permission'),
  limit: unsupported('a permission covers every object its selector names; there is no limit'),
  scope: unsupported('select by name, namespace, types, labelSelector or tagSelector'),
  search: unsupported('select by name, namespace, types, labelSelector or tagSelector'),
});
const ACTION = /^(\*|[a-z]+(:[a-z]+)?)$/;
const ref = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
});
const noSubject = (what: string) =>
  unsupported(`OpsDeck grants to a person, team, group or notification; a ${what} acts with the server's access`);

const schema = crdSchema(
  'Permission',
  z.strictObject({
    description: z.string().max(2000).optional(),
    actions: z
      .array(z.string().regex(ACTION, 'an action such as read, update, *, or playbook:run'))
      .min(1, 'name at least one action'),
    deny: z.boolean().optional(),
    subject: z
      .strictObject({
        person: z.string().min(1).optional(),
        team: z.string().min(1).optional(),
        group: z.string().min(1).optional(),
        notification: z.string().min(1).optional(),
        playbook: noSubject('playbook'),
        canary: noSubject('canary'),
        scraper: noSubject('scraper'),
        topology: noSubject('topology'),
        plugin: unsupported('OpsDeck runs no plugins (see docs/mission-control.md)'),
      })
      .refine((s) => [s.person, s.team, s.group, s.notification].filter(Boolean).length === 1, {
        message: 'name exactly one of person, team, group or notification',
      }),
    object: z.strictObject({
      configs: z.array(selector).min(1).optional(),
      components: z.array(selector).min(1).optional(),
      playbooks: z.array(selector).min(1).optional(),
      connections: z.array(selector).min(1).optional(),
      views: z
        .array(ref)
        .optional()
        .refine((v) => v === undefined, {
          message: 'views are read by every viewer in OpsDeck; grant or deny the views object per role instead',
        }),
      plugins: unsupported('OpsDeck runs no plugins (see docs/mission-control.md)'),
      mcp: unsupported('OpsDeck has no MCP server'),
      scopes: z.array(ref).min(1).optional(),
    }),
    agents: unsupported('deprecated and ignored by Mission Control too: select by agent in object selectors'),
    tags: unsupported('deprecated and ignored by Mission Control too: select by tagSelector in object selectors'),
  }),
);
type PermissionResource = z.infer<typeof schema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of what `ref` names in `table` (id, email for people, name, or namespace/name). */
async function idOf(scope: ApplyScope, table: 'people' | 'teams' | 'notifications', ref: string, path: string) {
  const [ns, name] = ref.includes('/') ? ref.split('/', 2) : [undefined, ref];
  const where = UUID.test(ref)
    ? sql`id = ${ref}::uuid`
    : table === 'people'
      ? sql`lower(email) = ${ref.toLowerCase()}`
      : ns
        ? sql`namespace = ${ns} and name = ${name}`
        : sql`name = ${ref}`;
  const { rows } = await sql<{ id: string }>`
    select id::text as id from ${sql.table(table)} where ${where} and deleted_at is null limit 1`.execute(scope.trx);
  if (!rows[0]) throw badRequest(`${path}: no ${table === 'people' ? 'person' : table.slice(0, -1)} "${ref}"`);
  return rows[0].id;
}

/** The permissions row a document describes. */
async function permissionRow(scope: ApplyScope, r: PermissionResource) {
  const { subject, object } = r.spec;
  const { views: _views, plugins: _plugins, mcp: _mcp, ...applied } = object;
  const clean = await expandObject(scope, applied, r.metadata.namespace);
  return {
    name: r.metadata.name,
    namespace: r.metadata.namespace,
    description: r.spec.description ?? null,
    action: [...new Set(r.spec.actions)].join(','),
    deny: r.spec.deny ?? false,
    object_selector: JSON.stringify(clean),
    applied_object: JSON.stringify(applied),
    person_id: subject.person ? await idOf(scope, 'people', subject.person, 'spec.subject.person') : null,
    team_id: subject.team ? await idOf(scope, 'teams', subject.team, 'spec.subject.team') : null,
    notification_id: subject.notification
      ? await idOf(scope, 'notifications', subject.notification, 'spec.subject.notification')
      : null,
    subject_type: subject.group ? 'group' : null,
    subject: subject.group ?? null,
    source: APPLIED_SOURCE,
  };
}

/**
 * Permission (mission-control.flanksource.com/v1): one permissions row with an object selector,
 * checked as the Permissions page's writes are (nobody grants more than they hold).
 */
export const permissionKind = defineKind<PermissionResource>({
  table: 'permissions',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'permissions', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    const row = await permissionRow(scope, r);
    // a group row's subject is its group; the rest of the row is checked as the Permissions page's are
    const checked = { ...row, object_selector: JSON.parse(row.object_selector) as unknown };
    const problem = permissionRowProblem(row.subject_type === 'group' ? { ...checked, team_id: 'group' } : checked);
    if (problem) throw badRequest(problem);
    const id = await locate(scope, 'permissions', { name: r.metadata.name, namespace: r.metadata.namespace });
    if (id) await requireGrantable(scope, id);
    if (id) await scope.trx.updateTable('permissions').set(row).where('id', '=', id).execute();
    else
      await scope.trx
        .insertInto('permissions')
        .values({ ...row, created_by: scope.author })
        .execute();
  },
  // the row as written: nobody grants (or, replacing a deny, lifts) more than they hold
  check: requireGrantable,
  async remove(scope, id) {
    await requireGrantable(scope, id);
    await softDelete(scope, 'permissions', id);
  },
});

/** Refuses a permission row the applying subject could not have written (rbac/grants.ts). */
async function requireGrantable(scope: ApplyScope, id: string): Promise<void> {
  if (!scope.subject) return;
  const row = await scope.trx.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refusal = grantRefusal(scope.subject, row);
  if (refusal) throw forbidden(refusal);
}
