import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type CanarySpec, canarySchedule } from '@opsdeck/schema';
import { longLivedController } from '../abort.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import { MinHeap } from './heap.js';
import { checkStartSpacingMs, pacer, runSpreadMs } from './pacing.js';
import { PhasePlanner } from './phases.js';
import { runnableCanary } from './runnable.js';
import type { CanaryRunner, RunnableCanary } from './runner.js';
import { parseSchedule, type Schedule } from './schedule.js';
import {
  type ClaimedRun,
  claimRuns,
  loadCanaryPage,
  loadChecksByCanary,
  releaseRuns,
  SYNC_PAGE,
  storedNextRuns,
  storeNextRuns,
} from './scheduleStore.js';
import './tables.js';

/** A run claimed in the database (scheduleStore.ts), with the generation of the entry it came from. */
interface Claim extends ClaimedRun {
  gen: number;
  /** A run once more after a restart (Schedule.catchUp): its canary's phase is `next`'s. */
  catchUp: boolean;
}

interface Entry {
  canary: RunnableCanary;
  schedule: Schedule;
  updatedAt: number;
  gen: number;
}

export interface SchedulerOptions {
  db: Db;
  runner: CanaryRunner;
  clock: Clock;
  /** How often to pick up canaries changed by the API or another process (default 5 s). */
  syncMs?: number;
  /**
   * Runs due this soon are claimed together in one statement (default 1 s) and then started on
   * time (see `dispatchGridMs`): a few claims a second however many canaries there are.
   */
  claimAheadMs?: number;
  /**
   * Claimed runs start on a grid of this many ms (default 100): the runs falling due in one step
   * start in one timer wakeup. At thousands of checks a wakeup per run cost more CPU than the
   * runs' own work; and as each run of a check lands on the same grid point, the spacing between
   * its runs stays exact. 0 starts each run at its own time.
   */
  dispatchGridMs?: number;
  /** Arm real timers (default true); tests with a ManualClock call `tick()` themselves. */
  timers?: boolean;
  /** Written in `claimed_by` (a worker process passes its registered id; default: one of its own). */
  owner?: string;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** How far back each sync looks again, so a transaction that committed late is not missed. */
const SYNC_OVERLAP_MS = 60_000;

/**
 * Runs every canary on its schedule from one min-heap and one timer. Each due run is claimed in
 * the database by moving `canary_schedules.next_runtime` forward in one batched UPDATE: with
 * several OpsDeck processes on one PostgreSQL only the process whose update wins runs it, so
 * canaries are split without running one twice. The claim records its slot (`claimed_slot`), so
 * the slots of a worker that dies holding them are re-run by another (takeover.ts). Changes made
 * through the API are picked up by a periodic sync of recently updated canaries.
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  /** Due runs; `next`, when set, is the run after this one (a catch-up run keeps its canary's phase). */
  private readonly heap = new MinHeap<{ at: number; id: string; gen: number; next?: number }>();
  /** Runs this process has claimed, waiting for their exact time. */
  private readonly ready = new MinHeap<Claim>();
  private readonly claimAheadMs: number;
  private readonly gridMs: number;
  private readonly owner: string;
  private readonly runs = new Set<Promise<unknown>>();
  private readonly phases = new PhasePlanner();
  private readonly stopping = longLivedController();
  private timer: NodeJS.Timeout | undefined;
  private syncTimer: NodeJS.Timeout | undefined;
  private watermark = 0;
  private ticking: Promise<unknown> | undefined;
  private gen = 0;
  private stopped = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.claimAheadMs = opts.claimAheadMs ?? 1000;
    this.gridMs = opts.dispatchGridMs ?? 100;
    this.owner = opts.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** Canaries currently scheduled. */
  get size(): number {
    return this.entries.size;
  }

  /** When a canary runs next, for tests and diagnostics. */
  nextRun(canaryId: string): Date | undefined {
    const e = this.entries.get(canaryId);
    if (!e) return undefined;
    let best: number | undefined;
    // the heap may hold stale entries; the live one has the current generation
    for (const item of [...this.ready.values(), ...this.heap.values()]) {
      if (item.id === canaryId && item.gen === e.gen && (best === undefined || item.at < best)) best = item.at;
    }
    return best === undefined ? undefined : new Date(best);
  }

  async start(): Promise<void> {
    await this.sync();
    if (this.opts.timers === false) return;
    this.syncTimer = setInterval(() => {
      this.sync()
        .then(() => this.arm())
        .catch((err) => this.opts.log?.warn({ err }, 'scheduler: syncing canaries failed'));
    }, this.opts.syncMs ?? 5000);
    this.syncTimer.unref();
    this.arm();
  }

  /**
   * Stops scheduling, starts the runs already claimed at their time (at most two claim windows
   * ahead; with timers off they are handed back instead), lets running checks finish for
   * `graceMs`, then returns.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    this.stopping.abort(); // paced runs start their remaining checks now and finish within the grace
    if (this.timer) clearTimeout(this.timer);
    if (this.syncTimer) clearInterval(this.syncTimer);
    await this.ticking;
    if (this.opts.timers !== false) await this.runClaimed(graceMs);
    await this.release().catch((err) => this.opts.log?.warn({ err }, 'scheduler: releasing claimed runs failed'));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.runs]),
      new Promise((r) => {
        timeout = setTimeout(r, graceMs);
      }),
    ]);
    clearTimeout(timeout);
  }

  /** Loads canaries changed since the last sync (all of them the first time), a page at a time. */
  async sync(): Promise<void> {
    const first = this.watermark === 0;
    const since = new Date(Math.max(0, this.watermark - SYNC_OVERLAP_MS));
    // one "now" for the whole sync: a run that falls due while a long first sync is loading
    // is not pushed back a whole interval
    const now = this.opts.clock.now();
    let after: string | undefined;
    let syncedAt: number | undefined;
    for (;;) {
      const page = await this.syncPage(first, since, after, now);
      syncedAt ??= page.syncedAt;
      if (page.last === undefined || page.size < SYNC_PAGE) break;
      after = page.last;
    }
    // the database's clock at the first page: the next sync looks again from a minute before it
    if (syncedAt !== undefined) this.watermark = Math.max(this.watermark, syncedAt);
  }

  /** Loads one page of changed canaries (ordered by id, after `after`) with their checks and stored schedules. */
  private async syncPage(
    first: boolean,
    since: Date,
    after: string | undefined,
    now: Date,
  ): Promise<{ size: number; last?: string; syncedAt?: number }> {
    const rows = await loadCanaryPage(this.opts.db, first, since, after);
    const last = rows.at(-1);
    if (!last) return { size: 0 };
    const live: typeof rows = [];
    for (const r of rows) {
      const unchanged = this.entries.get(r.id)?.updatedAt === r.updated_at.getTime();
      if (unchanged && !r.deleted_at) continue;
      // agentSelector: copied to agents, which run it (upstream/assigned.ts)
      const spec = r.spec as CanarySpec;
      if (!r.deleted_at && spec.replicas !== 0 && !spec.agentSelector?.length) live.push(r);
      else this.forget(r.id);
    }
    const page = { size: rows.length, last: last.id, syncedAt: last.synced_at.getTime() };
    if (!live.length) return page;
    const ids = live.map((r) => r.id);
    const byCanary = await loadChecksByCanary(this.opts.db, ids);
    const stored = await storedNextRuns(this.opts.db, ids);
    // a stored run that fell due less than a claim window ago runs at once (late by under a
    // second); one missed by less than half an interval runs once half an interval after it
    // (schedule.catchUp): after a quick restart every canary runs again within one interval, at
    // the rate the missed runs fell due, and its phase is kept either way
    const resumeFrom = new Date(now.getTime() - this.claimAheadMs);
    const missing: Array<{ id: string; at: Date }> = [];
    const reset: Array<{ id: string; at: Date }> = [];
    const unplaced: Array<{ canary: RunnableCanary; schedule: Schedule; updatedAt: number; changed: boolean }> = [];
    for (const r of live) {
      const spec = r.spec as CanarySpec;
      let schedule: Schedule;
      try {
        schedule = parseSchedule(canarySchedule(spec), r.id);
      } catch (err) {
        this.opts.log?.warn({ err, canary: r.id }, 'scheduler: canary has an invalid schedule; not scheduled');
        this.forget(r.id);
        continue;
      }
      const canary = runnableCanary(r, byCanary.get(r.id) ?? []);
      const storedAt = stored.get(r.id);
      const previous = this.entries.get(r.id)?.schedule.text;
      const changed = previous !== undefined && previous !== schedule.text;
      if (changed || !storedAt) {
        unplaced.push({ canary, schedule, updatedAt: r.updated_at.getTime(), changed });
        continue;
      }
      const at = schedule.resume(storedAt, resumeFrom);
      const catchUp = at.getTime() === storedAt.getTime() ? undefined : schedule.catchUp(storedAt, now);
      this.schedule(canary, schedule, r.updated_at.getTime(), at.getTime(), catchUp?.getTime());
    }
    // new canaries (and new schedules) are placed once the stored ones are known
    for (const { canary, schedule, updatedAt, changed } of unplaced) {
      const at = new Date(this.firstRun(canary, schedule, now));
      (changed ? reset : missing).push({ id: canary.id, at });
      this.schedule(canary, schedule, updatedAt, at.getTime());
    }
    await storeNextRuns(this.opts.db, missing, false);
    await storeNextRuns(this.opts.db, reset, true);
    return page;
  }

  /**
   * Schedules `canary` from `at`, recording its phase so new canaries are placed around it; with
   * `catchUp`, one run then comes first.
   */
  private schedule(canary: RunnableCanary, schedule: Schedule, updatedAt: number, at: number, catchUp?: number): void {
    const before = this.entries.get(canary.id)?.canary.checks;
    if (before) {
      const kept = new Set(canary.checks.map((c) => c.id));
      this.opts.runner.forgetChecks(before.filter((c) => !kept.has(c.id)).map((c) => c.id));
    }
    const gen = ++this.gen;
    this.entries.set(canary.id, { canary, schedule, updatedAt, gen });
    this.heap.push(catchUp === undefined ? { at, id: canary.id, gen } : { at: catchUp, id: canary.id, gen, next: at });
    const n = canary.checks.length;
    if (!schedule.everyInterval) this.phases.forget(canary.id);
    else this.phases.record(canary.id, schedule.periodMs, at, n, runSpreadMs(n, schedule.periodMs));
  }

  /** The first run of a canary without a stored one: the quietest part of its interval for `@every`. */
  private firstRun(canary: RunnableCanary, schedule: Schedule, now: Date): number {
    if (!schedule.everyInterval) return schedule.first(now).getTime();
    const n = canary.checks.length;
    return this.phases.place(canary.id, schedule.periodMs, now.getTime(), n, runSpreadMs(n, schedule.periodMs));
  }

  private forget(id: string): void {
    const gone = this.entries.get(id);
    if (gone) this.opts.runner.forgetChecks(gone.canary.checks.map((c) => c.id));
    this.entries.delete(id);
    this.phases.forget(id);
  }

  private arm(): void {
    if (this.stopped || this.opts.timers === false) return;
    if (this.timer) clearTimeout(this.timer);
    const ready = this.ready.peek();
    const wake = Math.min(
      ready ? this.startAt(ready.at) : Infinity,
      (this.heap.peek()?.at ?? Infinity) - this.claimAheadMs,
    );
    if (wake === Infinity) return;
    const delay = Math.min(Math.max(0, wake - this.opts.clock.now().getTime()), 30_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick().finally(() => this.arm());
    }, delay);
  }

  /**
   * Claims the runs due within the claim-ahead window in one statement, then starts the claimed
   * runs whose time has come. Resolves once they are started; the runs continue in the
   * background (`whenIdle` waits for them).
   */
  tick(): Promise<unknown> {
    this.ticking ??= this.claimDue()
      .then(() => this.dispatch())
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  /** Resolves once every started canary run has finished. */
  async whenIdle(): Promise<void> {
    while (this.runs.size) await Promise.allSettled([...this.runs]);
  }

  private async claimDue(): Promise<void> {
    const now = this.opts.clock.now().getTime();
    const due: Claim[] = [];
    if ((this.heap.peek()?.at ?? Infinity) > now + this.claimAheadMs) return;
    // claim two windows' worth; the next claim wakes a window before the first unclaimed run,
    // so each statement covers about one window of runs
    for (let top = this.heap.peek(); top && top.at <= now + 2 * this.claimAheadMs; top = this.heap.peek()) {
      this.heap.pop();
      const entry = this.entries.get(top.id);
      if (!entry || entry.gen !== top.gen) continue;
      let next = top.next ?? entry.schedule.next(new Date(top.at)).getTime();
      if (next <= now) next = entry.schedule.resume(new Date(next), new Date(now + 1)).getTime();
      due.push({ id: top.id, gen: top.gen, at: top.at, next, catchUp: top.next !== undefined });
    }
    if (!due.length || this.stopped) {
      for (const d of due) this.heap.push({ at: d.at, id: d.id, gen: d.gen, next: d.catchUp ? d.next : undefined });
      return;
    }
    let won: Set<string>;
    try {
      won = await claimRuns(this.opts.db, this.owner, due);
    } catch (err) {
      this.opts.log?.error({ err }, 'scheduler: claiming due canaries failed; retrying next run');
      won = new Set();
    }
    const lost = due.filter((d) => !won.has(d.id)).map((d) => d.id);
    const storedForLost = lost.length
      ? await storedNextRuns(this.opts.db, lost).catch(() => new Map<string, Date>())
      : new Map();
    for (const d of due) {
      const stored = storedForLost.get(d.id);
      const at = stored && stored.getTime() > now ? stored.getTime() : d.next;
      this.heap.push({ at, id: d.id, gen: d.gen });
      if (won.has(d.id)) this.ready.push(d);
    }
  }

  /** When a run due `at` starts: the next point of the dispatch grid. */
  private startAt(at: number): number {
    return this.gridMs > 0 ? Math.ceil(at / this.gridMs) * this.gridMs : at;
  }

  /**
   * On shutdown, starts each claimed run at its time rather than handing it back: the other
   * processes lost its claim and moved on to its next run, so a handed-back run would be skipped
   * (a restarted lone process finds it again; peers never look).
   */
  private async runClaimed(graceMs: number): Promise<void> {
    const until = this.opts.clock.now().getTime() + graceMs;
    for (let top = this.ready.peek(); top && this.startAt(top.at) <= until; top = this.ready.peek()) {
      const wait = this.startAt(top.at) - this.opts.clock.now().getTime();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.dispatch(true);
    }
  }

  /** Starts the claimed runs whose grid point has come (`draining`: also while stopping). */
  private dispatch(draining = false): void {
    const now = this.opts.clock.now().getTime();
    for (let top = this.ready.peek(); top && this.startAt(top.at) <= now; top = this.ready.peek()) {
      this.ready.pop();
      const entry = this.entries.get(top.id);
      if (!entry || entry.gen !== top.gen || !entry.canary.checks.length || (this.stopped && !draining)) continue;
      const spacing = checkStartSpacingMs(entry.canary.checks.length, entry.schedule.periodMs);
      const run = this.opts.runner
        .runScheduled(entry.canary, new Date(top.next), pacer(spacing, this.stopping.signal))
        .catch((err) => this.opts.log?.error({ err, canary: top.id }, 'scheduler: canary run failed'));
      this.runs.add(run);
      void run.finally(() => this.runs.delete(run));
    }
  }

  /** Hands back runs claimed but not started (shutdown without timers), so the next process runs them on time. */
  private async release(): Promise<void> {
    const pending: Claim[] = [];
    // a catch-up run handed back is dropped: storing its time would move the canary's phase
    for (let top = this.ready.pop(); top; top = this.ready.pop())
      pending.push(top.catchUp ? { ...top, at: top.next } : top);
    await releaseRuns(this.opts.db, this.owner, pending);
  }
}
