import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { maintenanceFor } from '../maintenance/suppress.js';
import { parseDuration } from './duration.js';
import type { EventResource } from './resources.js';
import { findMatchingSilence } from './silences.js';
import type { SendStatus } from './tables.js';

/** Why an event produced no send: the status recorded instead, and what it points at. */
export interface Blocked {
  status: Extract<SendStatus, 'repeat-interval' | 'silenced' | 'inhibited'>;
  parentId?: string;
  silencedBy?: string;
  maintenanceWindowId?: string;
}

export interface RuleConstraints {
  id: string;
  repeat_interval: string | null;
  inhibitions: unknown;
}

/**
 * The reference's constraint order: (1) repeat interval: a `sent` row of the same rule, event
 * and resource (or group) inside the interval blocks it as `repeat-interval`, pointing at that
 * row; (2) an active matching silence, or a maintenance window in force over the resource, blocks
 * it as `silenced`; (3) inhibition, which the
 * reference applies to config items through their relationships only. Returns null when the
 * send may go ahead. The repeat lookup uses notification_send_history_repeat_idx.
 */
export async function checkConstraints(
  db: Executor,
  rule: RuleConstraints,
  resource: EventResource,
  event: string,
  env: Record<string, unknown>,
  now: Date,
  groupId: string | null,
): Promise<Blocked | null> {
  if (rule.repeat_interval) {
    const since = new Date(now.getTime() - parseDuration(rule.repeat_interval));
    const { rows } = await sql<{ id: string }>`
      select id from notification_send_history
      where notification_id = ${rule.id} and source_event = ${event} and status = 'sent'
        and ${groupId ? sql`group_id = ${groupId}` : sql`resource_id = ${resource.id}`}
        and created_at >= ${since}
      order by created_at desc limit 1`.execute(db);
    if (rows[0]) return { status: 'repeat-interval', parentId: rows[0].id };
  }
  const silence = await findMatchingSilence(db, resource, env, now);
  if (silence) return { status: 'silenced', silencedBy: silence };
  // a resource under a maintenance window keeps running, but its news is kept quiet
  const maintenance = await maintenanceFor(db, resource, now);
  if (maintenance) return { status: 'silenced', maintenanceWindowId: maintenance };
  // Inhibition needs config relationships (catalog domain); until they exist, nothing is inhibited.
  return null;
}
