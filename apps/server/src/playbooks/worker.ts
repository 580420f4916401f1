import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { ActionContext } from './actions/types.js';
import { advanceRun } from './advance.js';
import { abandonedActions, type ClaimedWithRun, claimActions, claimRuns, timeOutRuns } from './claims.js';
import { DEFAULT_ACTION_TIMEOUT_MS, executeAction, takenLeaseMs } from './execute.js';
import { onPlaybookWork } from './wake.js';

/**
 * The playbook consumer of one process: polls (or is woken) and, each round, times out overdue
 * runs, takes run steps (advance.ts) and starts due actions (execute.ts) up to its concurrency;
 * an action's end takes its run's next action when that is due now, and runs it in the same slot.
 * Actions in flight are aborted when their run is cancelled or times out (checked every round).
 * On stop it claims nothing more, lets actions in flight finish for a grace period, and hands
 * the rest back to the queue.
 */

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  actionContext: Omit<ActionContext, 'signal' | 'timeoutMs'>;
  /** Actions run at once (default 16). */
  concurrency?: number;
  /** Idle wait between rounds (default 500 ms). */
  pollMs?: number;
  /** How long a claimed action is leased beyond its timeout before another worker may take it (default 60 s). */
  leaseGraceMs?: number;
  /** More work per round (schedule triggers); answers whether it found some. */
  extraRound?: () => Promise<boolean>;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

export class PlaybookWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly inflight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private dirty = false;
  private lastHousekeeping = 0;

  constructor(private readonly opts: WorkerOptions) {}

  get busy(): number {
    return this.inflight.size;
  }

  /**
   * One round; answers whether it found work (a run step or an action). Housekeeping (schedule
   * triggers, run timeouts, aborting actions of cancelled runs) runs at most every `pollMs` of a
   * polling loop: a woken round (an action finished, a run was submitted) only claims work.
   */
  async round(housekeeping = true): Promise<boolean> {
    const { db, clock } = this.opts;
    const now = clock.now();
    let found = false;
    if (housekeeping) {
      this.lastHousekeeping = Date.now();
      if (this.opts.extraRound) found = (await this.opts.extraRound()) || found;
      const timedOut = await timeOutRuns(db.kysely, now);
      found ||= timedOut.length > 0;
      for (const id of await abandonedActions(db.kysely, this.owner, [...this.inflight.keys()])) {
        this.inflight.get(id)?.controller.abort(new Error('the run was cancelled or timed out'));
      }
    }
    // run steps: claim and advance in one transaction each batch; while this worker has free
    // slots, a step's action is taken with it and started once the transaction commits
    const grace = this.opts.leaseGraceMs ?? 60_000;
    const taken: ClaimedWithRun[] = [];
    const steps = await db.kysely.transaction().execute(async (trx) => {
      const runs = await claimRuns(trx, now, 50);
      for (const run of runs) {
        const take =
          this.running && this.inflight.size + taken.length < (this.opts.concurrency ?? 16)
            ? {
                owner: this.owner,
                leaseUntil: (i: number) => {
                  const action = (run.spec as unknown as PlaybookSpec).actions[i];
                  return new Date(now.getTime() + takenLeaseMs(run, action, now, grace));
                },
              }
            : undefined;
        const advanced = await advanceRun(trx, run, now, run.actions, take);
        if (advanced.taken) taken.push(advanced.taken);
      }
      return runs.length;
    });
    for (const a of taken) this.start(a);
    found ||= steps > 0;
    const free = (this.opts.concurrency ?? 16) - this.inflight.size;
    if (free > 0 && this.running !== false) {
      const lease = DEFAULT_ACTION_TIMEOUT_MS + (this.opts.leaseGraceMs ?? 60_000);
      const actions = await claimActions(db.kysely, this.owner, clock.now(), lease, free);
      for (const a of actions) this.start(a);
      found ||= actions.length > 0;
    }
    return found;
  }

  private start(action: ClaimedWithRun): void {
    const controller = new AbortController();
    const done = executeAction(
      {
        db: this.opts.db,
        owner: this.owner,
        now: () => this.opts.clock.now(),
        actionContext: this.opts.actionContext,
        signal: controller.signal,
        leaseGraceMs: this.opts.leaseGraceMs ?? 60_000,
        takeNext: () => this.running,
      },
      action,
      action.run,
    )
      .catch((err) => {
        this.opts.log?.error({ err, action: action.id }, 'playbook action could not be recorded');
        return undefined;
      })
      .then((next) => {
        this.inflight.delete(action.id);
        // the run's next action, taken with the outcome, runs in the slot this one leaves
        if (next) this.start(next);
        else this.wake();
      });
    this.inflight.set(action.id, { controller, done });
  }

  /** Rounds until there is no work left and nothing in flight (tests, the CLI). */
  async drain(maxMs = 60_000): Promise<void> {
    const until = Date.now() + maxMs;
    this.running = true;
    try {
      while (Date.now() < until) {
        this.dirty = false;
        const found = await this.round();
        // an action that finished during the round handed its run back after the round looked
        if (!found && this.inflight.size === 0 && !this.dirty) return;
        if (!found)
          await Promise.race([
            ...[...this.inflight.values()].map((f) => f.done),
            new Promise((r) => setTimeout(r, 50)),
          ]);
      }
      throw new Error('playbook worker: work still pending after drain timeout');
    } finally {
      this.running = false;
    }
  }

  /** Starts polling (idempotent). */
  begin(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onPlaybookWork(() => this.wake());
    this.loop = (async () => {
      while (this.running) {
        this.dirty = false;
        let found = false;
        try {
          found = await this.round(Date.now() - this.lastHousekeeping >= (this.opts.pollMs ?? 500));
        } catch (err) {
          this.opts.log?.error({ err }, 'playbook worker: round failed');
        }
        if (!this.running) break;
        if (found || this.dirty) continue;
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.timer = setTimeout(resolve, this.opts.pollMs ?? 500);
        });
        this.wakeUp = undefined;
      }
    })();
  }

  /** Runs a round now instead of at the next poll. */
  wake(): void {
    this.dirty = true;
    if (this.timer) clearTimeout(this.timer);
    this.wakeUp?.();
  }

  /** Stops claiming, waits up to `graceMs` for actions in flight, then aborts and releases the rest. */
  async stop(graceMs = 10_000): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    await this.loop;
    let t: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight.values()].map((f) => f.done)),
      new Promise((r) => {
        t = setTimeout(r, graceMs);
      }),
    ]);
    clearTimeout(t);
    const left = [...this.inflight.keys()];
    for (const f of this.inflight.values()) f.controller.abort(new Error('the server is shutting down'));
    await Promise.allSettled([...this.inflight.values()].map((f) => f.done));
    if (left.length) {
      // back to the queue at once rather than after the lease: the next process runs them again
      await sql`update playbook_run_actions set status = 'scheduled', claimed_by = null, lease_until = null
                where id = any(${sql.val(left)}::uuid[]) and status = 'running' and claimed_by = ${this.owner}`.execute(
        this.opts.db.kysely,
      );
    }
  }
}
