import { sql } from 'kysely';
import type { EventHandler } from '../events/consumer.js';
import { type Executor, publishEvent, type QueuedEvent } from '../events/queue.js';
import { evaluateCel, renderTemplate } from '../expr/index.js';
import { checkConstraints } from './constraints.js';
import { defaultTemplate, tidyBody } from './defaults.js';
import { buildEnv } from './env.js';
import { joinGroup } from './groups.js';
import { expandRecipients } from './recipients.js';
import type { EventResource, ResourceLookup } from './resources.js';
import { pauseRuleWithError } from './rules.js';
import { NOTIFICATION_EVENTS } from './spec.js';
import type { NotificationsTable } from './tables.js';

/** The event that carries one pending send (event_id = the send history row). */
export const SEND_EVENT = 'notification.send';

export interface DispatchDeps {
  lookup: ResourceLookup;
  publicUrl?: string | undefined;
}

type Rule = { [K in keyof NotificationsTable]: unknown } & {
  id: string;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  repeat_interval: string | null;
  wait_for: number | null;
  group_by: string[] | null;
  group_by_interval: number | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  fallback_person_id: string | null;
  fallback_team_id: string | null;
};

/** Rendered title and body of a rule for one event. */
export function renderMessage(rule: Pick<Rule, 'title' | 'template'>, event: string, env: Record<string, unknown>) {
  const d = defaultTemplate(event);
  return {
    title: renderTemplate(rule.title?.trim() ? rule.title : d.title, env).trim(),
    body: tidyBody(renderTemplate(rule.template?.trim() ? rule.template : d.body, env)),
  };
}

/** Evaluates a rule's CEL filter; true when it has none. Throws when it does not yield a boolean. */
export function filterMatches(filter: string | null, env: Record<string, unknown>): boolean {
  if (!filter?.trim()) return true;
  const v = evaluateCel(filter, env);
  if (typeof v !== 'boolean') throw new Error(`filter must yield true or false, got ${JSON.stringify(v)}`);
  return v;
}

function resourceSnapshot(r: EventResource) {
  return { kind: r.kind, id: r.id, name: r.name, type: r.type, status: r.status, health: r.health, labels: r.labels };
}

/**
 * Handles one domain event for every live, unpaused rule listening to it: filter, render,
 * group, then the constraint order; records a history row per outcome and queues one
 * `notification.send` per recipient. Runs in the consumer's transaction, so an event is turned
 * into history rows and sends exactly once.
 */
export async function dispatchEvent(deps: DispatchDeps, event: QueuedEvent, db: Executor, now: Date): Promise<void> {
  const resource = await deps.lookup(db, event);
  if (!resource) return; // the resource is gone: nothing to say about it
  const { rows: rules } = await sql<Rule>`
    select * from notifications
    where deleted_at is null and error is null and ${event.name} = any(events)
    order by created_at`.execute(db);
  for (const rule of rules) {
    const env = buildEnv(resource, event, { publicUrl: deps.publicUrl });
    let matches: boolean;
    try {
      matches = filterMatches(rule.filter, env);
    } catch (err) {
      // a broken filter fails the same way for every event: pause the rule with the reason
      await pauseRuleWithError(db, rule.id, `filter: ${(err as Error).message}`, now);
      continue;
    }
    if (!matches) continue;
    const group = await joinGroup(db, rule, resource, now);
    if (group) env.groupedResources = group.groupedResources;
    let message: { title: string; body: string };
    try {
      message = renderMessage(rule, event.name, env);
    } catch (err) {
      await pauseRuleWithError(db, rule.id, `template: ${(err as Error).message}`, now);
      continue;
    }
    await record(db, rule, resource, event, env, message, group?.groupId ?? null, now);
  }
}

async function record(
  db: Executor,
  rule: Rule,
  resource: EventResource,
  event: QueuedEvent,
  env: Record<string, unknown>,
  message: { title: string; body: string },
  groupId: string | null,
  now: Date,
): Promise<void> {
  const common = {
    notification_id: rule.id,
    body: message.body,
    source_event: event.name,
    resource_id: resource.id,
    resource: JSON.stringify(resourceSnapshot(resource)),
    resource_health: resource.health,
    resource_status: resource.status,
    resource_health_description: resource.description,
    payload: JSON.stringify(event.properties),
    group_id: groupId,
    created_at: now,
    first_observed: now,
  };
  const blocked = await checkConstraints(db, rule, resource, event.name, env, now, groupId);
  if (blocked) {
    await db
      .insertInto('notification_send_history')
      .values({
        ...common,
        status: blocked.status,
        body_payload: JSON.stringify({ title: message.title }),
        parent_id: blocked.parentId ?? null,
        silenced_by: blocked.silencedBy ?? null,
        maintenance_window_id: blocked.maintenanceWindowId ?? null,
      })
      .execute();
    return;
  }
  const waitMs = (rule.wait_for ?? 0) * 1000;
  for (const r of expandRecipients(rule)) {
    const row = await db
      .insertInto('notification_send_history')
      .values({
        ...common,
        status: 'pending',
        not_before: new Date(now.getTime() + waitMs),
        body_payload: JSON.stringify({ title: message.title, recipient: r.ref, env }),
        recipient: r.label,
        person_id: r.personId,
        team_id: r.teamId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await publishEvent(db, SEND_EVENT, {
      eventId: row.id,
      properties: { history_id: row.id },
      delayMs: waitMs || undefined,
      at: now,
    });
  }
}

/** The stage that turns domain events into history rows and queued sends. */
export function dispatchHandler(deps: DispatchDeps): EventHandler {
  return {
    name: 'notifications.dispatch',
    events: NOTIFICATION_EVENTS,
    transactional: true,
    handle: (event, ctx) => dispatchEvent(deps, event, ctx.db, ctx.now),
  };
}
