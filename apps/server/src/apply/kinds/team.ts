import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { APPLIED_SOURCE, type ApplyScope, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, validator } from '../schema.js';

const schema = crdSchema(
  'Team',
  z.strictObject({
    displayName: z.string().max(200).optional(),
    icon: z.string().max(200).optional(),
    members: z.array(z.string().trim().min(1)).optional(),
  }),
);
type TeamResource = z.infer<typeof schema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The people the members name (id or email); a member naming nobody is refused with its path. */
async function memberIds(scope: ApplyScope, members: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, ref] of members.entries()) {
    const row = await scope.trx
      .selectFrom('people')
      .select('id')
      .where('deleted_at', 'is', null)
      .where((eb) => (UUID.test(ref) ? eb('id', '=', ref) : eb(sql`lower(email)`, '=', ref.toLowerCase())))
      .executeTakeFirst();
    if (!row) throw badRequest(`spec.members[${i}]: no person with id or email "${ref}"`);
    ids.push(row.id);
  }
  return [...new Set(ids)];
}

/**
 * Team (mission-control.flanksource.com/v1): a teams row (named by metadata.name; displayName and
 * the spec kept in `spec`) and its members. Members added in the UI stay; the file's own members
 * (source ConfigFile) follow the file.
 */
export const teamKind = defineKind<TeamResource>({
  table: 'teams',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'teams', { name: r.metadata.name }),
  async save(scope, r) {
    const people = await memberIds(scope, r.spec.members ?? []);
    const values = { icon: r.spec.icon ?? null, spec: JSON.stringify(r.spec), source: APPLIED_SOURCE };
    const existing = await locate(scope, 'teams', { name: r.metadata.name });
    const id =
      existing ??
      (
        await scope.trx
          .insertInto('teams')
          .values({ ...values, name: r.metadata.name, created_by: scope.author })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (existing) await scope.trx.updateTable('teams').set(values).where('id', '=', id).execute();
    let gone = scope.trx.deleteFrom('team_members').where('team_id', '=', id).where('source', '=', APPLIED_SOURCE);
    if (people.length) gone = gone.where('person_id', 'not in', people);
    await gone.execute();
    if (people.length)
      await scope.trx
        .insertInto('team_members')
        .values(people.map((person_id) => ({ team_id: id, person_id, source: APPLIED_SOURCE })))
        .onConflict((oc) => oc.columns(['team_id', 'person_id']).doNothing())
        .execute();
  },
  remove: (scope, id) => softDelete(scope, 'teams', id),
});
