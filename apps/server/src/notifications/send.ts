import { requireDuration } from '@opsdeck/schema';
import { sql } from 'kysely';
import { runScope } from '../abort.js';
import { DomainError } from '../errors.js';
import { type EventHandler, NOT_STARTED } from '../events/consumer.js';
import { DEFAULT_BACKOFF, type Executor, publishEvent, type QueuedEvent } from '../events/queue.js';
import { ChannelError } from './channels/types.js';
import { type DeliverDeps, deliver } from './deliver.js';
import { filterMatches, SEND_EVENT } from './dispatch.js';
import { buildEnv } from './env.js';
import { expandRecipients, type RecipientRef } from './recipients.js';
import type { ResourceLookup } from './resources.js';
import type { CustomService } from './rules.js';
import { pauseRuleWithError } from './rules.js';
import type { SendStatus } from './tables.js';

export interface SendDeps extends DeliverDeps {
  lookup: ResourceLookup;
  /** Starts a run of a playbook recipient for the send's resource; answers the run id. */
  runPlaybook?: PlaybookRecipientRunner | undefined;
  publicUrl?: string | undefined;
  /** Per-delivery timeout; default 10 s (below the queue's 30 s lease). */
  timeoutMs?: number;
  /** Attempts before a failing send pauses its rule; the queue's maxAttempts by default. */
  maxAttempts?: number;
  /** Deliveries at once per channel within a batch; default 16. */
  channelConcurrency?: number;
}

/** Runs a playbook for a send as its rule: `event` names the resource kind (check.failed: a check). */
export type PlaybookRecipientRunner = (
  playbookId: string,
  about: { event: string; resourceId: string; notificationId: string },
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

/** The columns a send's outcome sets (error always: null clears an earlier attempt's). */
export interface SendOutcome {
  status: SendStatus;
  error: string | null;
  retries?: number;
  duration_millis?: number;
  playbook_run_id?: string;
}

async function finish(db: Executor, id: string, set: SendOutcome): Promise<void> {
  await db.updateTable('notification_send_history').set(set).where('id', '=', id).execute();
}

/** Records many outcomes in one statement. */
async function finishMany(db: Executor, done: ReadonlyArray<{ id: string; set: SendOutcome }>): Promise<void> {
  if (done.length === 0) return;
  const values = done.map(
    ({ id, set }) =>
      sql`(${id}::uuid, ${set.status}::text, ${set.error}::text, ${set.retries ?? null}::int, ${set.duration_millis ?? null}::int)`,
  );
  await sql`
    update notification_send_history h
    set status = v.status, error = v.error, retries = coalesce(v.retries, h.retries),
        duration_millis = coalesce(v.duration_millis, h.duration_millis)
    from (values ${sql.join(values)}) as v(id, status, error, retries, duration_millis)
    where h.id = v.id`.execute(db);
}

/** Sends at once to one channel (a webhook origin, a connection, SMTP), per worker. */
const DEFAULT_CHANNEL_CONCURRENCY = 16;

/** Loads the pending sends of a batch with their rules, by history id. */
async function loadSends(db: Executor, ids: readonly string[]): Promise<Map<string, SendRow>> {
  const { rows } = await sql<SendRow>`
    select h.id, h.status, h.body, h.body_payload, h.source_event, h.resource_id, h.payload, h.created_at, h.group_id,
           h.notification_id, n.deleted_at as rule_deleted, n.error as rule_error, n.filter, n.wait_for,
           n.custom_services, n.fallback_custom_services, n.fallback_person_id, n.fallback_team_id, n.fallback_delay,
           n.person_id, n.team_id
    from notification_send_history h join notifications n on n.id = h.notification_id
    where h.id = any(${sql.val([...new Set(ids)])}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [String(r.id), r]));
}

const historyId = (event: QueuedEvent) => String(event.properties.history_id ?? event.eventId ?? '');

/** Where a send goes, for the per-channel bound: a webhook's origin, a connection, an address, SMTP. */
function channelKey(row: SendRow | undefined): string {
  const ref = row?.body_payload?.recipient;
  if (!row || !ref || ref.kind !== 'custom') return ref?.kind === 'playbook' ? 'playbook' : 'smtp';
  const services = (ref.fallback ? row.fallback_custom_services : row.custom_services) ?? [];
  const s = services[ref.index];
  if (s?.url) return s.url.replace(/^([^:]+:\/\/[^/?#]*).*$/, '$1');
  return s?.connection ?? (s?.email ? 'smtp' : 'none');
}

/**
 * Delivers a batch of pending sends: their rows in one query, deliveries run at once up to
 * `channelConcurrency` per channel, outcomes recorded in one statement. Answers per event the
 * error that makes the queue retry it (null when done, NOT_STARTED past `deadline`). Playbook runs and fallbacks record
 * their outcome at once, as a playbook may settle its send before the batch ends.
 */
export async function sendBatch(
  deps: SendDeps,
  events: readonly QueuedEvent[],
  db: Executor,
  now: Date,
  deadline = Number.POSITIVE_INFINITY,
): Promise<Array<unknown | null>> {
  const rows = await loadSends(db, events.map(historyId));
  const done: Array<{ id: string; set: SendOutcome }> = [];
  const errors: Array<unknown | null> = events.map(() => null);
  const lanes = new Map<string, number[]>();
  for (const [i, e] of events.entries()) {
    const key = channelKey(rows.get(historyId(e)));
    lanes.set(key, [...(lanes.get(key) ?? []), i]);
  }
  const limit = deps.channelConcurrency ?? DEFAULT_CHANNEL_CONCURRENCY;
  const run = async (i: number) => {
    const event = events[i] as QueuedEvent;
    if (Date.now() > deadline) {
      errors[i] = NOT_STARTED; // back to the queue untried, before this batch's lease runs out
      return;
    }
    const record = (id: string, set: SendOutcome) => {
      done.push({ id, set });
    };
    try {
      await sendRow(deps, rows.get(historyId(event)), event, db, now, record);
    } catch (err) {
      errors[i] = err;
    }
  };
  await Promise.all(
    [...lanes.values()].flatMap((lane) =>
      Array.from({ length: Math.min(limit, lane.length) }, async () => {
        for (let i = lane.shift(); i !== undefined; i = lane.shift()) await run(i);
      }),
    ),
  );
  await finishMany(db, done);
  return errors;
}

/** Delivers one pending send (sendBatch of one); throws when the queue should retry it. */
export async function sendOne(deps: SendDeps, event: QueuedEvent, db: Executor, now: Date): Promise<void> {
  const [error] = await sendBatch(deps, [event], db, now);
  if (error != null) throw error;
}

type Recorder = (id: string, set: SendOutcome) => void;

/**
 * Delivers one pending send. Idempotent: a row that is no longer pending or failed is left
 * alone, so a redelivered queue event never sends twice what was recorded as sent. A rule with
 * waitFor re-checks its resource first and records `skipped` when the event no longer holds.
 * A failure records `error` with the channel's reason and throws, so the queue retries with
 * backoff; with a fallback it records `attempting_fallback` and queues the fallback recipients.
 */
async function sendRow(
  deps: SendDeps,
  row: SendRow | undefined,
  event: QueuedEvent,
  db: Executor,
  now: Date,
  record: Recorder,
): Promise<void> {
  if (!row || (row.status !== 'pending' && row.status !== 'error')) return;
  if (row.rule_deleted) return record(row.id, { status: 'skipped', error: 'the rule was deleted' });
  if (row.rule_error) return record(row.id, { status: 'skipped', error: `the rule is paused: ${row.rule_error}` });
  const ref = row.body_payload?.recipient;
  if (!ref) return record(row.id, { status: 'error', error: 'the send names no recipient' });

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
    if (!holds) return record(row.id, { status: 'skipped', error: null });
  }

  if (ref.kind === 'playbook') {
    // the send completes with the run (playbooks/advance.ts settles it)
    if (!deps.runPlaybook)
      return finish(db, row.id, { status: 'error', error: 'playbooks do not run in this process' });
    try {
      const about = { event: row.source_event, resourceId: row.resource_id, notificationId: row.notification_id };
      const runId = await deps.runPlaybook(ref.id, about, row.id);
      return finish(db, row.id, { status: 'pending_playbook_completion', playbook_run_id: runId, error: null });
    } catch (err) {
      // a refusal names the rule and the permission it lacks; it needs no prefix
      const { message } = err as Error;
      const error = err instanceof DomainError && err.kind === 'forbidden' ? message : `playbook: ${message}`;
      return finish(db, row.id, { status: 'error', error: error.slice(0, 4000) });
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
    if (event.attempts >= (deps.maxAttempts ?? DEFAULT_BACKOFF.maxAttempts)) {
      await finish(db, row.id, { ...failed, status: 'error' });
      await pauseRuleWithError(db, row.notification_id, `sending to ${reason}`, now);
      return;
    }
    record(row.id, { ...failed, status: 'error' });
    throw new Error(reason);
  } finally {
    scope.dispose();
  }
  record(row.id, { status: 'sent', error: null, retries: event.attempts - 1, duration_millis: Date.now() - started });
}

async function queueFallback(db: Executor, row: SendRow, now: Date): Promise<void> {
  const delayMs = row.fallback_delay ? requireDuration(row.fallback_delay, { bareSeconds: true }) : 0;
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
    handleBatch: (events, ctx) => sendBatch(deps, events, ctx.db, ctx.now, ctx.deadline),
  };
}
