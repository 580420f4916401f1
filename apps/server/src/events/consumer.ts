import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/types.js';
import {
  type Backoff,
  claimEvents,
  completeEvent,
  completeEvents,
  DEFAULT_BACKOFF,
  type Executor,
  failEvent,
  lockClaimed,
  type QueuedEvent,
  releaseEvents,
} from './queue.js';

/**
 * Durable consumers over `event_queue` itself rather than pg-boss: Mission Control's producers
 * (the checks trigger, other domains' triggers) already write event_queue rows in their own
 * transactions, so consuming that table directly keeps one source of truth and one summary.
 * Durability comes from the table (nothing is removed before its handler succeeded), several
 * processes share it safely through FOR UPDATE SKIP LOCKED claims with a lease (queue.ts),
 * retries back off exponentially, and polling plus an in-process wake-up replaces
 * LISTEN/NOTIFY, which the embedded database cannot deliver across a pg.Pool.
 */

/** What a handler may use: the executor (the transaction of a transactional handler) and the time. */
export interface HandlerContext {
  db: Executor;
  now: Date;
  /**
   * For a non-transactional batch: the wall-clock ms (Date.now()) after which it starts no more
   * events and answers NOT_STARTED for the rest. Half the queue's first lease from the batch's
   * start, so a slow channel never lets a lease run out under work still to do.
   */
  deadline?: number;
}

/** Consumes some event names. */
export interface EventHandler {
  /** Shown in logs. */
  name: string;
  events: readonly string[];
  /**
   * Run inside the transaction that also removes the event: the handler's writes and the removal
   * commit together, so a crash or a duplicate claim can never apply them twice. Use only for
   * handlers that do database work alone (no network).
   */
  transactional?: boolean;
  handle(event: QueuedEvent, ctx: HandlerContext): Promise<void>;
  /**
   * Handles a claimed batch at once (fewer round trips at volume). A transactional handler's
   * batch commits with the removal of all its events; when it throws, the batch is rolled back
   * and its events are handled one by one through `handle`, so one bad event fails alone. A
   * non-transactional one answers, per event in order, the error of a failed one (null when
   * handled): the failed ones are retried, the others removed.
   */
  handleBatch?(events: QueuedEvent[], ctx: HandlerContext): Promise<Array<unknown | null>>;
}

/** Logger subset (pino-compatible). */
export interface ConsumerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ConsumerOptions {
  db: Kysely<Database>;
  clock: Clock;
  handlers: EventHandler[];
  backoff?: Backoff;
  /** Events claimed per round; default 50. */
  batchSize?: number;
  /** Events handled at once; default 8. */
  concurrency?: number;
  /** Idle wait between polls when the queue is empty; default 1000 ms. */
  pollMs?: number;
  log?: ConsumerLog;
}

class Superseded extends Error {}

/** What a batch handler answers for an event it did not start (out of time): it goes back untried. */
export const NOT_STARTED: unique symbol = Symbol('not started');

const quiet: ConsumerLog = { warn: () => {}, error: () => {} };

/** Pulls due events from event_queue and hands each to its handler, at least once. */
export class EventConsumer {
  private readonly byName = new Map<string, EventHandler>();
  private readonly backoff: Backoff;
  private readonly log: ConsumerLog;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: ConsumerOptions) {
    for (const h of opts.handlers) {
      for (const name of h.events) {
        if (this.byName.has(name)) throw new Error(`two handlers consume ${name}`);
        this.byName.set(name, h);
      }
    }
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.log = opts.log ?? quiet;
  }

  /** Event names this consumer claims. */
  get events(): string[] {
    return [...this.byName.keys()];
  }

  /** Handles every due event until none is left; resolves to how many were handled (success or failure). */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await claimEvents(
        this.opts.db,
        this.events,
        this.opts.clock.now(),
        this.opts.batchSize ?? 50,
        this.backoff,
      );
      if (batch.length === 0) return total;
      await this.process(batch);
      total += batch.length;
      if (this.loop && !this.running) return total;
    }
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.runOnce();
        } catch (err) {
          this.log.error({ err }, 'event queue: polling failed');
        }
        if (!this.running) break;
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.timer = setTimeout(resolve, this.opts.pollMs ?? 1000);
        });
        this.wakeUp = undefined;
      }
    })();
  }

  /** Polls now instead of waiting for the next tick (after publishing in this process). */
  wake(): void {
    if (this.timer) clearTimeout(this.timer);
    this.wakeUp?.();
  }

  /** Stops claiming and waits for the events in flight: nothing claimed is abandoned mid-way. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = undefined;
  }

  private async process(batch: QueuedEvent[]): Promise<void> {
    const single: QueuedEvent[] = [];
    const batches = new Map<EventHandler, QueuedEvent[]>();
    for (const event of batch) {
      const handler = this.byName.get(event.name);
      if (!handler?.handleBatch) single.push(event);
      else batches.set(handler, [...(batches.get(handler) ?? []), event]);
    }
    await Promise.all([
      this.processOneByOne(single),
      ...[...batches].map(([handler, events]) => this.handleBatch(handler, events)),
    ]);
  }

  private async handleBatch(handler: EventHandler, events: QueuedEvent[]): Promise<void> {
    const db = this.opts.db;
    const handleBatch = handler.handleBatch?.bind(handler);
    if (!handleBatch) return;
    if (handler.transactional) {
      try {
        await db.transaction().execute(async (trx) => {
          const held = await lockClaimed(trx, events);
          if (held.length) await handleBatch(held, { db: trx, now: this.opts.clock.now() });
          await completeEvents(trx, held);
        });
      } catch (err) {
        this.log.warn({ handler: handler.name, err: (err as Error).message }, 'event batch failed; one by one');
        await this.processOneByOne(events);
      }
      return;
    }
    let errors: Array<unknown | null>;
    try {
      errors = await handleBatch(events, { db, now: this.opts.clock.now(), deadline: this.batchDeadline() });
    } catch (err) {
      errors = events.map(() => err);
    }
    const done = events.filter((_, i) => errors[i] == null);
    const untried = events.filter((_, i) => errors[i] === NOT_STARTED);
    try {
      await completeEvents(db, done);
      await releaseEvents(db, untried);
    } catch (err) {
      this.log.error({ err }, 'event queue: could not remove handled events');
    }
    await Promise.all(
      events.map((e, i) => (errors[i] == null || errors[i] === NOT_STARTED ? undefined : this.failed(e, errors[i]))),
    );
  }

  /** When a batch stops starting events: half the first lease from now. */
  private batchDeadline(): number {
    return Date.now() + this.backoff.baseMs / 2;
  }

  private async processOneByOne(batch: QueuedEvent[]): Promise<void> {
    const queue = [...batch];
    const workers = Array.from({ length: Math.min(this.opts.concurrency ?? 8, queue.length) }, async () => {
      for (let event = queue.shift(); event; event = queue.shift()) await this.handleOne(event);
    });
    await Promise.all(workers);
  }

  private async handleOne(event: QueuedEvent): Promise<void> {
    const handler = this.byName.get(event.name);
    if (!handler) return;
    const db = this.opts.db;
    try {
      if (handler.transactional) {
        await db.transaction().execute(async (trx) => {
          await handler.handle(event, { db: trx, now: this.opts.clock.now() });
          if (!(await completeEvent(trx, event))) throw new Superseded();
        });
      } else {
        await handler.handle(event, { db, now: this.opts.clock.now() });
        await completeEvent(db, event);
      }
    } catch (err) {
      if (err instanceof Superseded) return; // re-published while in flight: the new row runs next
      await this.failed(event, err);
    }
  }

  private async failed(event: QueuedEvent, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    this.log.warn({ event: event.name, id: event.id, attempts: event.attempts, err: message }, 'event failed');
    try {
      await failEvent(this.opts.db, event, message);
    } catch (failErr) {
      this.log.error({ err: failErr }, 'event queue: could not record a failure');
    }
  }
}
