import { randomUUID } from 'node:crypto';
import { type Executor, publishEvents, type QueuedEvent } from '../events/queue.js';
import type { Decision, Rule } from './dispatch.js';
import type { EventResource } from './resources.js';

/** The event that carries one pending send (event_id = the send history row). */
export const SEND_EVENT = 'notification.send';

/** A decided rule and event pair that leaves history rows. */
export interface Outcome {
  rule: Rule;
  resource: EventResource;
  event: QueuedEvent;
  env: Record<string, unknown>;
  decision: Extract<Decision, { kind: 'blocked' | 'send' }>;
}

/**
 * Sends run before further domain events (default priority 100): what was decided goes out
 * while the next events are decided, instead of after a whole backlog.
 */
const SEND_PRIORITY = 110;

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters at ~20 columns a row. */
const CHUNK = 1000;

function resourceSnapshot(r: EventResource) {
  return { kind: r.kind, id: r.id, name: r.name, type: r.type, status: r.status, health: r.health, labels: r.labels };
}

/**
 * Records the outcomes of a dispatch batch: one history row per blocked outcome (its status and
 * what blocked it), one pending row per recipient of a send, then one queued `notification.send`
 * per pending row (delayed by the rule's waitFor), in multi-row inserts. Ids are made here so
 * the sends can name their rows without reading them back.
 */
export async function writeOutcomes(db: Executor, outcomes: readonly Outcome[], now: Date): Promise<void> {
  const rows: Array<Record<string, unknown>> = [];
  const sends: Array<{ eventId: string; properties: Record<string, unknown>; delayMs?: number; at: Date }> = [];
  for (const { rule, resource, event, env, decision } of outcomes) {
    const common = {
      notification_id: rule.id,
      body: decision.message.body,
      source_event: event.name,
      resource_id: resource.id,
      resource: JSON.stringify(resourceSnapshot(resource)),
      resource_health: resource.health,
      resource_status: resource.status,
      resource_health_description: resource.description,
      payload: JSON.stringify(event.properties),
      group_id: decision.groupId,
      created_at: now,
      first_observed: now,
    };
    const none = { not_before: null, recipient: null, person_id: null, team_id: null };
    if (decision.kind === 'blocked') {
      rows.push({
        ...common,
        ...none,
        id: randomUUID(),
        status: decision.blocked.status,
        body_payload: JSON.stringify({ title: decision.message.title }),
        parent_id: decision.blocked.parentId ?? null,
        silenced_by: decision.blocked.silencedBy ?? null,
        maintenance_window_id: decision.blocked.maintenanceWindowId ?? null,
      });
      continue;
    }
    const waitMs = (rule.wait_for ?? 0) * 1000;
    for (const r of decision.recipients) {
      const id = randomUUID();
      rows.push({
        ...common,
        id,
        status: 'pending',
        not_before: new Date(now.getTime() + waitMs),
        body_payload: JSON.stringify({ title: decision.message.title, recipient: r.ref, env }),
        recipient: r.label,
        person_id: r.personId,
        team_id: r.teamId,
        parent_id: null,
        silenced_by: null,
        maintenance_window_id: null,
      });
      sends.push({ eventId: id, properties: { history_id: id }, delayMs: waitMs || undefined, at: now });
    }
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('notification_send_history')
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
  for (let i = 0; i < sends.length; i += CHUNK)
    await publishEvents(db, SEND_EVENT, sends.slice(i, i + CHUNK), SEND_PRIORITY);
}
