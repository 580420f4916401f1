import { scrapeSchedule } from '@opsdeck/schema';
import { sql } from 'kysely';
import { longLivedController } from '../../abort.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { parseSchedule, type Schedule } from '../../health/index.js';
import { claimDue, dueRuns, processOwner, releaseLease, storeFirstRuns } from './lease.js';
import { runLeaseMs, type StoredScraper } from './run.js';
import '../tables.js';

/**
 * Runs every live scraper on its `spec.schedule` (default `@every 60m`), with the check
 * scheduler's schedule parser and its claim-through-the-database pattern (lease.ts): each process
 * polls the due rows of `config_scraper_schedules` and runs only what its compare-and-set claim
 * won, under a lease, so no scraper runs twice. Scrapers created, updated or deleted through the
 * API or `opsdeck apply` are picked up by a periodic sync of recently updated rows.
 *
 * Scrapers are few and run minutes apart, so a poll (default every second) replaces the check
 * scheduler's heap and claim-ahead window, which exist for thousands of checks a second.
 */

export interface ScrapeSchedulerOptions {
  db: Db;
  clock: Clock;
  /** Runs one claimed scraper; the scheduler releases its lease when this settles. */
  run(scraper: StoredScraper, signal: AbortSignal): Promise<unknown>;
  /** How often due runs are looked for (default 1 s). */
  pollMs?: number;
  /** How often changed scrapers are picked up (default 5 s). */
  syncMs?: number;
  /** Arm real timers (default true); tests with a ManualClock call `sync()` and `tick()` themselves. */
  timers?: boolean;
  owner?: string;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

interface Entry {
  schedule: Schedule;
  updatedAt: number;
}

/** How far back each sync looks again, so a transaction that committed late is not missed. */
const SYNC_OVERLAP_MS = 60_000;

export class ScrapeScheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly stopping = longLivedController();
  private readonly owner: string;
  private timers: NodeJS.Timeout[] = [];
  private watermark = 0;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly opts: ScrapeSchedulerOptions) {
    this.owner = opts.owner ?? processOwner;
  }

  /** Scrapers currently scheduled. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether `id` is scheduled. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  async start(): Promise<void> {
    await this.sync();
    if (this.opts.timers === false) return;
    const warn = (what: string) => (err: unknown) => this.opts.log?.warn({ err }, `scrape scheduler: ${what} failed`);
    this.timers = [
      setInterval(() => void this.sync().catch(warn('syncing scrapers')), this.opts.syncMs ?? 5000),
      setInterval(() => void this.tick().catch(warn('claiming due scrapes')), this.opts.pollMs ?? 1000),
    ];
    for (const t of this.timers) t.unref();
  }

  /** Stops scheduling, aborts running scrapes (each stores what it read so far as failed) and waits `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.ticking;
    this.stopping.abort(new Error('OpsDeck is shutting down'));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running.values()]),
      new Promise((r) => {
        timeout = setTimeout(r, graceMs);
      }),
    ]);
    clearTimeout(timeout);
  }

  /** Resolves once every started scrape has finished. */
  async whenIdle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /** Loads scrapers changed since the last sync (all live ones the first time) and stores first runs of new ones. */
  async sync(): Promise<void> {
    const first = this.watermark === 0;
    const now = this.opts.clock.now();
    let q = this.opts.db.kysely
      .selectFrom('config_scrapers')
      .select(['id', 'spec', 'deleted_at', 'updated_at'])
      .select(sql<Date>`now()`.as('synced_at'))
      .where('agent_id', '=', '00000000-0000-0000-0000-000000000000');
    q = first
      ? q.where('deleted_at', 'is', null)
      : q.where('updated_at', '>', new Date(Math.max(0, this.watermark - SYNC_OVERLAP_MS)));
    const rows = await q.execute();
    const missing: Array<{ id: string; at: Date }> = [];
    const reset: Array<{ id: string; at: Date }> = [];
    for (const r of rows) {
      this.watermark = Math.max(this.watermark, r.synced_at.getTime());
      if (r.deleted_at) {
        this.entries.delete(r.id);
        continue;
      }
      const before = this.entries.get(r.id);
      if (before?.updatedAt === r.updated_at.getTime()) continue;
      let schedule: Schedule;
      try {
        schedule = parseSchedule(scrapeSchedule((r.spec ?? {}) as { schedule?: string }), r.id);
      } catch (err) {
        this.opts.log?.warn({ err, scraper: r.id }, 'scrape scheduler: scraper has an invalid schedule; not scheduled');
        this.entries.delete(r.id);
        continue;
      }
      this.entries.set(r.id, { schedule, updatedAt: r.updated_at.getTime() });
      if (!before) missing.push({ id: r.id, at: schedule.first(now) });
      else if (before.schedule.text !== schedule.text) reset.push({ id: r.id, at: schedule.first(now) });
    }
    await storeFirstRuns(this.opts.db, missing, false);
    await storeFirstRuns(this.opts.db, reset, true);
  }

  /** Claims the due runs this process wins and starts them; resolves once they are started. */
  tick(): Promise<void> {
    this.ticking ??= this.claimAndStart().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async claimAndStart(): Promise<void> {
    if (this.stopped) return;
    const now = this.opts.clock.now();
    const ids = [...this.entries.keys()].filter((id) => !this.running.has(id));
    for (const due of await dueRuns(this.opts.db, ids, now)) {
      const entry = this.entries.get(due.scraperId);
      if (!entry || this.stopped) continue;
      let next = entry.schedule.next(due.at);
      // a run missed while nothing ran is not replayed: the next one keeps the schedule's phase
      if (next.getTime() <= now.getTime()) next = entry.schedule.resume(next, new Date(now.getTime() + 1));
      const scraper = await this.opts.db.kysely
        .selectFrom('config_scrapers')
        .select(['id', 'name', 'namespace', 'spec'])
        .where('id', '=', due.scraperId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!scraper) {
        this.entries.delete(due.scraperId);
        continue;
      }
      const until = new Date(now.getTime() + runLeaseMs(scraper.spec));
      const won = await claimDue(this.opts.db, { ...due, next }, now, until, this.owner);
      if (won) this.start1(scraper);
    }
  }

  private start1(scraper: StoredScraper): void {
    const run = this.opts
      .run(scraper, this.stopping.signal)
      .catch((err) => this.opts.log?.error({ err, scraper: scraper.id }, 'scrape scheduler: scrape failed'))
      .finally(() =>
        releaseLease(this.opts.db, scraper.id, this.owner).catch((err) =>
          this.opts.log?.warn({ err, scraper: scraper.id }, 'scrape scheduler: releasing a run failed'),
        ),
      )
      .finally(() => this.running.delete(scraper.id));
    this.running.set(scraper.id, run);
  }

  /** The stored next run of a scraper, for tests and diagnostics. */
  async nextRun(id: string): Promise<Date | undefined> {
    const row = await this.opts.db.kysely
      .selectFrom('config_scraper_schedules')
      .select('next_runtime')
      .where('scraper_id', '=', id)
      .executeTakeFirst();
    return row?.next_runtime;
  }
}
