import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** The agent an upstream caller acts as. */
export interface UpstreamAgent {
  id: string;
  name: string;
  execAllowed: boolean;
}

/** The live agent whose person is `personId` (an agent signs in with its person's access token), or undefined. */
export function agentOfPerson(db: Kysely<Database>, personId: string): Promise<UpstreamAgent | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'name', 'exec_allowed as execAllowed'])
    .where('person_id', '=', personId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Marks an agent seen now; answers the database's time. */
export async function markAgentSeen(db: Kysely<Database>, agentId: string): Promise<Date | undefined> {
  const { rows } = await sql<{ now: Date }>`
    update agents set last_seen = now() where id = ${agentId}::uuid returning now() as now`.execute(db);
  return rows[0]?.now;
}
