import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { every } from '../jobs/jobHistory.js';
import { processOwner } from './owner.js';

/** Takes over what a dead worker claimed and never finished; must be safe to run by several survivors at once. */
export type Takeover = (deadWorker: string) => Promise<unknown>;

export interface WorkerRegistryOptions {
  db: Db;
  /** How this process writes itself into claims (default `processOwner`). */
  id?: string;
  role: string;
  heartbeatMs: number;
  /** A worker whose last heartbeat is older than this (by the database's clock) is dead. */
  staleAfterMs: number;
  /** Heartbeat on a timer (default true); tests call `beat()` themselves. */
  timers?: boolean;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * The worker processes on one database (`workers`). Each registers, heartbeats every
 * `heartbeatMs` and, on each heartbeat, looks for workers that stopped heartbeating (`kill -9`, a
 * node lost) or stopped gracefully, and hands each to the takeovers (the check slots and scraper
 * leases it held) before removing it. Staleness is judged by the database's clock alone, so the
 * processes' own clocks may disagree. A worker only loses its claims when it is silent: a slow
 * check never costs it one.
 */
export class WorkerRegistry {
  readonly id: string;
  private readonly takeovers: Takeover[] = [];
  private timer: { stop(): Promise<void> } | undefined;
  private leaving = false;

  constructor(private readonly opts: WorkerRegistryOptions) {
    this.id = opts.id ?? processOwner;
  }

  /** Runs `fn` for every dead worker found from now on. */
  onTakeover(fn: Takeover): void {
    this.takeovers.push(fn);
  }

  /** Registers this process and starts heartbeating. */
  async start(): Promise<void> {
    await this.register();
    if (this.opts.timers === false) return;
    this.timer = every(this.opts.heartbeatMs, () => this.beat(), {
      onError: (err) => this.opts.log?.warn({ err }, 'workers: heartbeat failed'),
    });
  }

  /** Writes the heartbeat, then takes over dead workers. */
  async beat(): Promise<void> {
    const { rows } = await sql<{ id: string }>`
      update workers set last_seen = now() where id = ${this.id} returning id`.execute(this.opts.db.kysely);
    if (!rows.length) {
      // taken for dead while alive (silent longer than the timeout): the others took over what it
      // held; it registers again and carries on with what it claims from now on
      this.opts.log?.warn({ worker: this.id }, 'workers: this process was taken for dead; registering again');
      await this.register();
    }
    if (!this.leaving) await this.sweep();
  }

  /** Shutting down: keeps heartbeating (its runs are still finishing) but takes over no one. */
  leave(): void {
    this.leaving = true;
  }

  /** Hands every dead worker to the takeovers, then forgets it. Answers the workers taken over. */
  async sweep(): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      select id from workers where id <> ${this.id} and (${this.deadWhere()})`.execute(this.opts.db.kysely);
    const done: string[] = [];
    for (const { id } of rows) {
      try {
        for (const takeover of this.takeovers) await takeover(id);
      } catch (err) {
        this.opts.log?.error({ err, worker: id }, 'workers: taking over a dead worker failed; retrying next heartbeat');
        continue;
      }
      // only while still dead: a worker that came back keeps its row
      await sql`delete from workers where id = ${id} and (${this.deadWhere()})`.execute(this.opts.db.kysely);
      done.push(id);
    }
    return done;
  }

  /** Stops heartbeating and marks this process stopped, so the others take over what is left at once. */
  async stop(): Promise<void> {
    this.leaving = true;
    await this.timer?.stop();
    this.timer = undefined;
    await sql`update workers set stopped_at = now() where id = ${this.id}`.execute(this.opts.db.kysely);
  }

  private async register(): Promise<void> {
    await sql`
      insert into workers (id, hostname, pid, role) values (${this.id}, ${os.hostname()}, ${process.pid}, ${this.opts.role})
      on conflict (id) do update set last_seen = now(), stopped_at = null`.execute(this.opts.db.kysely);
  }

  private deadWhere() {
    return sql`stopped_at is not null or last_seen < now() - ${this.opts.staleAfterMs}::float8 * interval '1 millisecond'`;
  }
}
