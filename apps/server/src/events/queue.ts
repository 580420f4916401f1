import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/** Anything that runs queries: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A domain event as a consumer receives it. */
export interface QueuedEvent {
  id: string;
  eventId: string | null;
  name: string;
  properties: Record<string, unknown>;
  /** Attempts including the current one (the claim counts as an attempt). */
  attempts: number;
  createdAt: Date;
  /** Last failure of a previous attempt, null on the first. */
  error: string | null;
}

export interface PublishOptions {
  /** Deduplication key: a second event with the same name and id replaces the first and resets its attempts. */
  eventId?: string;
  properties?: Record<string, unknown>;
  /** Higher runs first; default 100. */
  priority?: number;
  /** Milliseconds to wait before the event becomes due. */
  delayMs?: number;
  /** When the event happened; the consumer's clock by default (SQL now() when omitted). */
  at?: Date;
}

/** Queues one domain event (inside `db`'s transaction when given one). Upserts on (name, event_id). */
export async function publishEvent(db: Executor, name: string, opts: PublishOptions = {}): Promise<void> {
  const at = opts.at ?? null;
  await sql`
    insert into event_queue (name, event_id, properties, priority, delay, created_at)
    values (${name}, ${opts.eventId ?? null}, ${JSON.stringify(opts.properties ?? {})}::jsonb,
            ${opts.priority ?? 100}, ${opts.delayMs ?? null}, coalesce(${at}::timestamptz, now()))
    on conflict (name, event_id) do update
      set properties = excluded.properties, priority = excluded.priority, delay = excluded.delay,
          created_at = excluded.created_at, attempts = 0, error = null, last_attempt = null`.execute(db);
}

/** Queues many events of one name in one statement (see publishEvent); event ids must differ. */
export async function publishEvents(
  db: Executor,
  name: string,
  events: ReadonlyArray<Omit<PublishOptions, 'priority'>>,
  priority = 100,
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(
    (e) =>
      sql`(${name}, ${e.eventId ?? null}::uuid, ${JSON.stringify(e.properties ?? {})}::jsonb, ${priority}::int, ${e.delayMs ?? null}::bigint,
           coalesce(${e.at ?? null}::timestamptz, now()))`,
  );
  await sql`
    insert into event_queue (name, event_id, properties, priority, delay, created_at)
    values ${sql.join(rows)}
    on conflict (name, event_id) do update
      set properties = excluded.properties, priority = excluded.priority, delay = excluded.delay,
          created_at = excluded.created_at, attempts = 0, error = null, last_attempt = null`.execute(db);
}

/** Retry schedule: the claim of attempt n also leases the row for backoff(n), so a crashed worker's events come back. */
export interface Backoff {
  /** Wait after the first attempt, in ms; doubles per attempt. Must exceed the longest handler. */
  baseMs: number;
  /** Upper bound of the wait. */
  maxMs: number;
  /** After this many attempts the event stays in the queue as failed (dead letter) until re-published. */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 8 };

interface QueueRow {
  id: string;
  event_id: string | null;
  name: string;
  properties: Record<string, unknown> | null;
  attempts: number;
  created_at: Date;
  error: string | null;
}

/**
 * Claims up to `limit` due events of the given names, oldest first within priority. The claim
 * is one UPDATE over `FOR UPDATE SKIP LOCKED` rows: it bumps attempts and stamps last_attempt,
 * which leases the row to this worker until backoff(attempts) has passed. Several processes can
 * claim concurrently and never get the same row while a lease holds. Uses event_queue_due_idx.
 */
export async function claimEvents(
  db: Executor,
  names: readonly string[],
  now: Date,
  limit: number,
  backoff: Backoff = DEFAULT_BACKOFF,
): Promise<QueuedEvent[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<QueueRow>`
    update event_queue q set attempts = q.attempts + 1, last_attempt = ${now}
    where q.id in (
      select id from event_queue
      where name = any(${sql.val([...names])}::text[])
        and attempts < ${backoff.maxAttempts}
        and (delay is null or created_at + delay * interval '1 millisecond' <= ${now})
        and (last_attempt is null or last_attempt + least(${backoff.maxMs}::float8,
              ${backoff.baseMs}::float8 * power(2, greatest(attempts - 1, 0))) * interval '1 millisecond' <= ${now})
      order by priority desc, created_at
      limit ${limit}
      for update skip locked)
    returning q.id, q.event_id, q.name, q.properties, q.attempts, q.created_at, q.error`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    name: r.name,
    properties: r.properties ?? {},
    attempts: r.attempts,
    createdAt: r.created_at,
    error: r.error,
  }));
}

/**
 * Removes a handled event. Matches the claimed attempt count, so an event re-published while it
 * was in flight (attempts reset) is kept for another round; returns whether the row was removed.
 */
export async function completeEvent(db: Executor, event: QueuedEvent): Promise<boolean> {
  const res = await sql`delete from event_queue where id = ${event.id} and attempts = ${event.attempts}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/**
 * Locks the claimed rows of a batch in `trx` (so a re-publish waits for the batch's commit) and
 * answers those still at their claimed attempt: the others were re-published while in flight
 * and run again in a later round.
 */
export async function lockClaimed(trx: Executor, events: readonly QueuedEvent[]): Promise<QueuedEvent[]> {
  if (events.length === 0) return [];
  const { rows } = await sql<{ id: string; attempts: number }>`
    select id, attempts from event_queue where id = any(${sql.val(events.map((e) => e.id))}::uuid[])
    order by id for update`.execute(trx);
  const held = new Map(rows.map((r) => [String(r.id), r.attempts]));
  return events.filter((e) => held.get(e.id) === e.attempts);
}

/** Removes many handled events in one statement (each at its claimed attempt, as completeEvent). */
export async function completeEvents(db: Executor, events: readonly QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`delete from event_queue q
            using unnest(${sql.val(events.map((e) => e.id))}::uuid[], ${sql.val(events.map((e) => e.attempts))}::int[])
              as done(id, attempts)
            where q.id = done.id and q.attempts = done.attempts`.execute(db);
}

/**
 * Hands claimed events back untried: the claim's attempt is undone and the lease lifted, so any
 * worker takes them in its next round (a batch that ran out of time before reaching them).
 */
export async function releaseEvents(db: Executor, events: readonly QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`update event_queue q set attempts = q.attempts - 1, last_attempt = null
            from unnest(${sql.val(events.map((e) => e.id))}::uuid[], ${sql.val(events.map((e) => e.attempts))}::int[])
              as held(id, attempts)
            where q.id = held.id and q.attempts = held.attempts`.execute(db);
}

/** Records a failed attempt; the row stays and is retried after its backoff. */
export async function failEvent(db: Executor, event: QueuedEvent, error: string): Promise<void> {
  await sql`update event_queue set error = ${error.slice(0, 4000)}
            where id = ${event.id} and attempts = ${event.attempts}`.execute(db);
}
