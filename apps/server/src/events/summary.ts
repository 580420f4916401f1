import { sql } from 'kysely';
import type { Executor } from './queue.js';

/** One event name's line of the Event Queue settings page. */
export interface EventQueueSummaryRow {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number;
  first_failure: Date | null;
  last_failure: Date | null;
  most_common_error: string | null;
}

/** Reads the event_queue_summary view (per name: pending, failed, attempts, last error), by name. */
export async function eventQueueSummary(db: Executor): Promise<EventQueueSummaryRow[]> {
  const { rows } = await sql<EventQueueSummaryRow>`
    select name, pending::int as pending, failed::int as failed, coalesce(average_attempts, 0) as average_attempts,
           first_failure, last_failure, most_common_error
    from event_queue_summary order by name`.execute(db);
  return rows;
}
