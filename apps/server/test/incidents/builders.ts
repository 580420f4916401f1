import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/types.js';
import '../../src/incidents/tables.js';
import type { Role } from '../../src/rbac/resources.js';
import { testSubjectId } from '../helpers/index.js';

/** A people row; with a role, the row of that test subject (so `created_by` defaults resolve). */
export async function buildPerson(db: Kysely<Database>, who: Role | { name: string } = { name: 'Alice' }) {
  const values =
    typeof who === 'string'
      ? { id: testSubjectId(who), name: `The ${who}`, email: `${who}@example.test` }
      : { name: who.name };
  return db.insertInto('people').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
}

/** An incident with sensible defaults; pass what the test cares about. */
export async function buildIncident(
  db: Kysely<Database>,
  createdBy: string,
  values: Partial<{ title: string; status: 'open' | 'resolved'; commander_id: string; severity: 'high' }> = {},
) {
  return db
    .insertInto('incidents')
    .values({ title: 'Checkout is slow', created_by: createdBy, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildHypothesis(
  db: Kysely<Database>,
  incidentId: string,
  createdBy: string,
  title = 'DB overload',
) {
  return db
    .insertInto('hypotheses')
    .values({ incident_id: incidentId, created_by: createdBy, title })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A canary with one check in `status` that entered it at `since` (needs the health tables). */
export async function buildCheck(
  db: Kysely<Database>,
  opts: { name: string; status: 'healthy' | 'unhealthy'; since: Date; labels?: Record<string, string>; type?: string },
): Promise<string> {
  const canary = await sql<{ id: string }>`
    insert into canaries (name, spec) values (${`canary-${opts.name}`}, '{}'::jsonb) returning id`.execute(db);
  const check = await sql<{ id: string }>`
    insert into checks (canary_id, type, name, labels, status, last_runtime, last_transition_time)
    values (${canary.rows[0]?.id}, ${opts.type ?? 'http'}, ${opts.name}, ${JSON.stringify(opts.labels ?? {})}::jsonb,
            ${opts.status}, ${opts.since}, ${opts.since})
    returning id`.execute(db);
  return check.rows[0]?.id as string;
}

/** Moves a check to `status` as a run at `at` would (the health trigger stamps the transition). */
export async function setCheckStatus(db: Kysely<Database>, id: string, status: 'healthy' | 'unhealthy', at: Date) {
  await sql`update checks set status = ${status}, last_runtime = ${at} where id = ${id}`.execute(db);
}

/** The incident's timeline types, oldest first. */
export async function historyTypes(db: Kysely<Database>, incidentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('incident_histories')
    .select('type')
    .where('incident_id', '=', incidentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type as string);
}

/** Queued events as `name` -> properties, for the given event ids. */
export async function queuedEvents(db: Kysely<Database>, eventIds: string[]) {
  return db
    .selectFrom('event_queue')
    .select(['name', 'event_id', 'properties'])
    .where('event_id', 'in', eventIds)
    .orderBy('name')
    .execute();
}
