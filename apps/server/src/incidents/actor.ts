import { sql } from 'kysely';
import type { Executor } from './executor.js';

/**
 * Names the person behind the writes of the current transaction, so the incident triggers author
 * history rows and fill `created_by` with them (SQL `current_actor_id()`). Only lasts until commit.
 */
export async function setActor(trx: Executor, personId: string): Promise<void> {
  await sql`select set_config('opsdeck.actor_id', ${personId}, true)`.execute(trx);
}
