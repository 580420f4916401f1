import { sql } from 'kysely';
import type { EventHandler } from '../events/consumer.js';
import type { Executor, QueuedEvent } from '../events/queue.js';
import { evaluateCel, renderTemplate, withExpressionContext } from '../expr/index.js';
import { type Blocked, ConstraintData, checkConstraints } from './constraints.js';
import { defaultTemplate, tidyBody } from './defaults.js';
import { buildEnv, TEMPLATE_VARIABLES } from './env.js';
import { joinGroup } from './groups.js';
import { type Outcome, writeOutcomes } from './outcomes.js';
import { type ExpandedRecipient, expandRecipients } from './recipients.js';
import type { EventResource, ResourceBatchLookup } from './resources.js';
import { pauseRuleWithError } from './rules.js';
import { NOTIFICATION_EVENTS } from './spec.js';
import type { NotificationsTable } from './tables.js';

export { SEND_EVENT } from './outcomes.js';

export interface DispatchDeps {
  lookup: ResourceBatchLookup;
  publicUrl?: string | undefined;
}

export type Rule = { [K in keyof NotificationsTable]: unknown } & {
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
  // upstream templates call variables as functions (`{{ if eq channel "slack" }}`)
  const channel = typeof env.channel === 'string' ? env.channel : '';
  const opts = { dataFunctions: TEMPLATE_VARIABLES };
  return withExpressionContext({ channel }, () => ({
    title: renderTemplate(rule.title?.trim() ? rule.title : d.title, env, opts).trim(),
    body: tidyBody(renderTemplate(rule.template?.trim() ? rule.template : d.body, env, opts)),
  }));
}

/** Evaluates a rule's CEL filter; true when it has none. Throws when it does not yield a boolean. */
export function filterMatches(filter: string | null, env: Record<string, unknown>): boolean {
  if (!filter?.trim()) return true;
  const v = evaluateCel(filter, env);
  if (typeof v !== 'boolean') throw new Error(`filter must yield true or false, got ${JSON.stringify(v)}`);
  return v;
}

/** What one rule makes of one event (decide): nothing, a pause of the rule, or a history outcome. */
export type Decision =
  | { kind: 'ignore' }
  | { kind: 'pause'; reason: string }
  | { kind: 'blocked'; blocked: Blocked; message: Message; groupId: string | null }
  | { kind: 'send'; recipients: ExpandedRecipient[]; message: Message; groupId: string | null };

type Message = { title: string; body: string };

/** What a batch of events is decided against, read once per batch. */
export interface DispatchBatch {
  db: Executor;
  now: Date;
  constraints: ConstraintData;
  /** Names this batch added to each group: its history rows are written only at the batch's end. */
  grouped: Map<string, Set<string>>;
}

/**
 * The one place where a rule and an event are decided: filter, group, render, then the
 * constraint order (repeat interval, silences, inhibitions). `env` gains groupedResources.
 */
export async function decide(
  batch: DispatchBatch,
  rule: Rule,
  resource: EventResource,
  event: QueuedEvent,
  env: Record<string, unknown>,
): Promise<Decision> {
  let matches: boolean;
  try {
    matches = filterMatches(rule.filter, env);
  } catch (err) {
    // a broken filter fails the same way for every event: pause the rule with the reason
    return { kind: 'pause', reason: `filter: ${(err as Error).message}` };
  }
  if (!matches) return { kind: 'ignore' };
  const group = await joinGroup(batch.db, rule, resource, batch.now);
  const earlier = group ? batch.grouped.get(group.groupId) : undefined;
  if (group) env.groupedResources = [...new Set([...group.groupedResources, ...(earlier ?? [])])].sort();
  let message: Message;
  try {
    message = renderMessage(rule, event.name, env);
  } catch (err) {
    return { kind: 'pause', reason: `template: ${(err as Error).message}` };
  }
  const groupId = group?.groupId ?? null;
  const blocked = await checkConstraints(
    batch.db,
    batch.constraints,
    rule,
    resource,
    event.name,
    env,
    batch.now,
    groupId,
  );
  const recipients = blocked ? [] : expandRecipients(rule);
  if (groupId && (blocked || recipients.length)) batch.grouped.set(groupId, (earlier ?? new Set()).add(resource.name));
  if (blocked) return { kind: 'blocked', blocked, message, groupId };
  return { kind: 'send', recipients, message, groupId };
}

/**
 * Handles a batch of domain events for every live, unpaused rule listening to them: resources
 * in one query, rules and constraint data once, one decide per rule and event in event order,
 * then every history row and queued `notification.send` in multi-row inserts. Runs in the
 * consumer's transaction, so each event is turned into history rows and sends exactly once.
 */
export async function dispatchEvents(
  deps: DispatchDeps,
  events: readonly QueuedEvent[],
  db: Executor,
  now: Date,
): Promise<void> {
  const resources = await deps.lookup(db, events);
  const names = [...new Set(events.map((e) => e.name))];
  const { rows: rules } = await sql<Rule>`
    select * from notifications
    where deleted_at is null and error is null and events && ${sql.val(names)}::text[]
    order by created_at, id`.execute(db);
  const live = resources.filter((r): r is EventResource => r !== null); // a gone resource: nothing to say
  if (rules.length === 0 || live.length === 0) return;
  const constraints = await ConstraintData.load(
    db,
    rules,
    live.map((r) => r.id),
    now,
  );
  const batch: DispatchBatch = { db, now, constraints, grouped: new Map() };
  const paused = new Set<string>();
  const outcomes: Outcome[] = [];
  for (const [i, event] of events.entries()) {
    const resource = resources[i];
    if (!resource) continue;
    for (const rule of rules) {
      if (paused.has(rule.id) || !rule.events.includes(event.name)) continue;
      const env = buildEnv(resource, event, { publicUrl: deps.publicUrl });
      const decision = await decide(batch, rule, resource, event, env);
      if (decision.kind === 'ignore') continue;
      if (decision.kind === 'pause') {
        paused.add(rule.id);
        await pauseRuleWithError(db, rule.id, decision.reason, now);
        continue;
      }
      outcomes.push({ rule, resource, event, env, decision });
    }
  }
  await writeOutcomes(db, outcomes, now);
}

/** Handles one domain event (dispatchEvents of one). */
export function dispatchEvent(deps: DispatchDeps, event: QueuedEvent, db: Executor, now: Date): Promise<void> {
  return dispatchEvents(deps, [event], db, now);
}

/** The stage that turns domain events into history rows and queued sends. */
export function dispatchHandler(deps: DispatchDeps): EventHandler {
  return {
    name: 'notifications.dispatch',
    events: NOTIFICATION_EVENTS,
    transactional: true,
    handle: (event, ctx) => dispatchEvent(deps, event, ctx.db, ctx.now),
    handleBatch: async (events, ctx) => {
      await dispatchEvents(deps, events, ctx.db, ctx.now);
      return events.map(() => null);
    },
  };
}
