import { sql } from 'kysely';
import { runScope } from '../abort.js';
import type { EventHandler } from '../events/consumer.js';
import { DEFAULT_BACKOFF, type Executor, publishEvent, type QueuedEvent } from '../events/queue.js';
import { ChannelError } from './channels/types.js';
import { type DeliverDeps, deliver } from './deliver.js';
import { filterMatches, SEND_EVENT } from './dispatch.js';
import { parseDuration } from './duration.js';
import { buildEnv } from './env.js';
import { expandRecipients, type RecipientRef } from './recipients.js';
import type { ResourceLookup } from './resources.js';
import type { CustomService } from './rules.js';
import { pauseRuleWithError } from './rules.js';

export interface SendDeps extends DeliverDeps {
  lookup: ResourceLookup;
  /** Starts a run of a playbook recipient for the send's resource; answers the run id. */
  runPlaybook?: PlaybookRecipientRunner | undefined;
  publicUrl?: string | undefined;
  /** Per-delivery timeout; default 10 s (below the queue's 30 s lease). */
  timeoutMs?: number;
  /** Attempts before a failing send pauses its rule; the queue's maxAttempts by default. */
  maxAttempts?: number;
}

/** Runs a playbook for a send: `event` names the resource kind (check.failed: a check). */
export type PlaybookRecipientRunner = (
  playbookId: string,
  about: { event: string; resourceId: string },
  sendId: string,
) => Promise<string>;

/** Marks a send that ran a playbook as sent or error once its run finished (called by the playbook engine). */
export async function settlePlaybookSend(
  db: Executor,
  sendId: string,
  ok: boolean,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('notification_send_history')
    .set({ status: ok ? 'sent' : 'error', error: ok ? null : (error ?? 'the playbook run failed') })
    .where('id', '=', sendId)
    .where('status', '=', 'pending_playbook_completion')
    .execute();
}

interface SendRow {
  id: string;
  status: string;
  body: string;
  body_payload: { title?: string; recipient?: RecipientRef; env?: Record<string, unknown> } | null;
  source_event: string;
  resource_id: string;
  payload: Record<string, unknown> | null;
  created_at: Date;
  group_id: string | null;
  notification_id: string;
  rule_deleted: Date | null;
  rule_error: string | null;
  filter: string | null;
  wait_for: number | null;
  custom_services: CustomService[] | null;
  fallback_custom_services: CustomService[] | null;
  fallback_person_id: string | null;
  fallback_team_id: string | null;
  fallback_delay: string | null;
  person_id: string | null;
  team_id: string | null;
}

/** Would the event still be raised now? check.failed needs an unhealthy check, config.unhealthy an unhealthy config... */
function stillApplies(event: string, status: string | null): boolean {
  const state = event.split('.').pop();
  if (state === 'failed') return status === 'unhealthy';
  if (state === 'passed') return status === 'healthy';
  if (['healthy', 'unhealthy', 'warning', 'unknown', 'degraded'].includes(state ?? '')) return status === state;
  return true;
}

async function finish(db: Executor, id: string, set: Record<string, unknown>): Promise<void> {
  await db.updateTable('notification_send_history').set(set).where('id', '=', id).execute();
}

/**
 * Delivers one pending send. Idempotent: a row that is no longer pending or failed is left
 * alone, so a redelivered queue event never sends twice what was recorded as sent. A rule with
 * waitFor re-checks its resource first and records `skipped` when the event no longer holds.
 * A failure records `error` with the channel's reason and throws, so the queue retries with
 * backoff; with a fallback it records `attempting_fallback` and queues the fallback recipients.
 */
export async function sendOne(deps: SendDeps, event: QueuedEvent, db: Executor, now: Date): Promise<void> {
  const id = String(event.properties.history_id ?? event.eventId ?? '');
  const { rows } = await sql<SendRow>`
    select h.id, h.status, h.body, h.body_payload, h.source_event, h.resource_id, h.payload, h.created_at, h.group_id,
           h.notification_id, n.deleted_at as rule_deleted, n.error as rule_error, n.filter, n.wait_for,
           n.custom_services, n.fallback_custom_services, n.fallback_person_id, n.fallback_team_id, n.fallback_delay,
           n.person_id, n.team_id
    from notification_send_history h join notifications n on n.id = h.notification_id
    where h.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row || (row.status !== 'pending' && row.status !== 'error')) return;
  if (row.rule_deleted) return finish(db, row.id, { status: 'skipped', error: 'the rule was deleted' });
  if (row.rule_error) return finish(db, row.id, { status: 'skipped', error: `the rule is paused: ${row.rule_error}` });
  const ref = row.body_payload?.recipient;
  if (!ref) return finish(db, row.id, { status: 'error', error: 'the send names no recipient' });

  // the variables as they were when the event was handled; waitFor re-reads the resource instead
  let env = row.body_payload?.env ?? {};
  if (row.wait_for && row.status === 'pending') {
    const resource = await deps.lookup(db, { name: row.source_event, properties: row.payload ?? {} });
    if (resource) env = buildEnv(resource, { name: row.source_event, createdAt: row.created_at }, deps);
    let holds = resource !== null && stillApplies(row.source_event, resource.status);
    try {
      holds &&= filterMatches(row.filter, env);
    } catch {
      holds = false;
    }
    if (!holds) return finish(db, row.id, { status: 'skipped', error: null });
  }

  if (ref.kind === 'playbook') {
    // the send completes with the run (playbooks/advance.ts settles it)
    if (!deps.runPlaybook)
      return finish(db, row.id, { status: 'error', error: 'playbooks do not run in this process' });
    try {
      const runId = await deps.runPlaybook(ref.id, { event: row.source_event, resourceId: row.resource_id }, row.id);
      return finish(db, row.id, { status: 'pending_playbook_completion', playbook_run_id: runId, error: null });
    } catch (err) {
      return finish(db, row.id, { status: 'error', error: `playbook: ${(err as Error).message}`.slice(0, 4000) });
    }
  }
  const services = ((ref.kind === 'custom' && ref.fallback ? row.fallback_custom_services : row.custom_services) ??
    []) as CustomService[];
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const started = Date.now();
  const scope = runScope(undefined, timeoutMs);
  try {
    await deliver(
      db,
      deps,
      ref,
      services,
      { title: row.body_payload?.title ?? '', body: row.body, properties: {}, event: row.source_event, env },
      { signal: scope.signal, timeoutMs },
    );
  } catch (err) {
    const reason = err instanceof ChannelError ? err.message : `unexpected: ${(err as Error).message}`;
    const failed = {
      error: reason.slice(0, 4000),
      retries: event.attempts,
      duration_millis: Date.now() - started,
    };
    const hasFallback =
      !(ref.kind === 'custom' && ref.fallback) &&
      (row.fallback_person_id || row.fallback_team_id || (row.fallback_custom_services ?? []).length > 0);
    if (hasFallback) {
      await finish(db, row.id, { ...failed, status: 'attempting_fallback' });
      await queueFallback(db, row, now);
      return;
    }
    await finish(db, row.id, { ...failed, status: 'error' });
    if (event.attempts >= (deps.maxAttempts ?? DEFAULT_BACKOFF.maxAttempts)) {
      await pauseRuleWithError(db, row.notification_id, `sending to ${reason}`, now);
      return;
    }
    throw new Error(reason);
  } finally {
    scope.dispose();
  }
  await finish(db, row.id, {
    status: 'sent',
    error: null,
    retries: event.attempts - 1,
    duration_millis: Date.now() - started,
  });
}

async function queueFallback(db: Executor, row: SendRow, now: Date): Promise<void> {
  const delayMs = row.fallback_delay ? parseDuration(row.fallback_delay) : 0;
  const original = await db
    .selectFrom('notification_send_history')
    .selectAll()
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  for (const r of expandRecipients(row, true)) {
    const inserted = await db
      .insertInto('notification_send_history')
      .values({
        notification_id: row.notification_id,
        body: original.body,
        body_payload: JSON.stringify({ ...row.body_payload, recipient: r.ref }),
        status: 'pending',
        not_before: new Date(now.getTime() + delayMs),
        payload: JSON.stringify(original.payload),
        source_event: original.source_event,
        resource_id: original.resource_id,
        resource: JSON.stringify(original.resource),
        resource_health: original.resource_health,
        resource_status: original.resource_status,
        resource_health_description: original.resource_health_description,
        recipient: r.label,
        person_id: r.personId,
        team_id: r.teamId,
        group_id: original.group_id,
        parent_id: row.id,
        created_at: now,
        first_observed: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await publishEvent(db, SEND_EVENT, {
      eventId: inserted.id,
      properties: { history_id: inserted.id },
      delayMs,
      at: now,
    });
  }
}

/** The stage that delivers queued sends (network work: not transactional, idempotent by status). */
export function sendHandler(deps: SendDeps): EventHandler {
  return {
    name: 'notifications.send',
    events: [SEND_EVENT],
    handle: (event, ctx) => sendOne(deps, event, ctx.db, ctx.now),
  };
}
