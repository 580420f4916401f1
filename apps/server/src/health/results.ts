import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { JobStatus } from '../db/types.js';

/** One check result waiting to be stored. */
export interface PendingResult {
  checkId: string;
  time: Date;
  pass: boolean;
  invalid?: boolean;
  /** Milliseconds. */
  duration: number;
  message?: string | undefined;
  error?: string | undefined;
  details?: Record<string, unknown> | undefined;
  /** When the check runs next (stored on the check for the UI). */
  nextRuntime?: Date | undefined;
}

/** One canary run for job_history. */
export interface PendingJob {
  canaryId: string;
  start: Date;
  end: Date;
  passed: number;
  failed: number;
  errors: string[];
  hostname: string;
}

/** The reference's job status rule: errors with successes is WARNING, errors alone FAILED. */
export function jobStatus(passed: number, failed: number): JobStatus {
  if (failed === 0) return 'SUCCESS';
  return passed > 0 ? 'WARNING' : 'FAILED';
}

const MAX_TEXT = 4000;
const clip = (s: string | undefined) => (s === undefined ? null : s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

/**
 * Stores check results in batches: one statement per flush inserts the raw rows, folds them into
 * the hourly and daily rollups (counts, duration sum, latency histogram), and updates each
 * check's status, last and next runtime (the checks trigger stamps transitions and queues
 * check.passed / check.failed). Job history rows of canary runs go in the same flush.
 */
export class ResultWriter {
  private results: PendingResult[] = [];
  private jobs: PendingJob[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: { flushMs?: number; maxBatch?: number; onError?: (err: unknown) => void } = {},
  ) {}

  /** Flushes every `flushMs` (default 1 s) until stopped. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.opts.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the timer and writes what is pending. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  add(result: PendingResult): void {
    this.results.push(result);
    if (this.results.length >= (this.opts.maxBatch ?? 2000)) void this.flush();
  }

  addJob(job: PendingJob): void {
    this.jobs.push(job);
  }

  get pending(): number {
    return this.results.length + this.jobs.length;
  }

  /** Writes everything queued so far; concurrent calls are serialised. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    const results = this.results;
    const jobs = this.jobs;
    if (!results.length && !jobs.length) return;
    this.results = [];
    this.jobs = [];
    try {
      if (results.length) await writeResults(this.db, results);
      if (jobs.length) await writeJobs(this.db, jobs);
    } catch (err) {
      // keep the batch for the next flush unless it is the data itself that is refused
      if (isTransient(err)) {
        this.results = results.concat(this.results);
        this.jobs = jobs.concat(this.jobs);
      }
      this.opts.onError?.(err);
    }
  }
}

function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57') || code === '40001';
}

/** The single statement behind a flush (arrays bound as parameters, whatever the batch size). */
async function writeResults(db: Db, rows: PendingResult[]): Promise<void> {
  const ids = rows.map((r) => r.checkId);
  const times = rows.map((r) => r.time.toISOString());
  const statuses = rows.map((r) => r.pass);
  const invalid = rows.map((r) => r.invalid ?? false);
  const durations = rows.map((r) => Math.max(0, Math.round(r.duration)));
  const messages = rows.map((r) => clip(r.message));
  const errors = rows.map((r) => clip(r.error));
  const details = rows.map((r) => (r.details && Object.keys(r.details).length ? JSON.stringify(r.details) : null));
  const next = rows.map((r) => r.nextRuntime?.toISOString() ?? null);
  await sql`
    with input as (
      select * from unnest(${ids}::uuid[], ${times}::timestamptz[], ${statuses}::bool[], ${invalid}::bool[],
                           ${durations}::int[], ${messages}::text[], ${errors}::text[], ${details}::jsonb[],
                           ${next}::timestamptz[])
        as t(check_id, time, status, invalid, duration, message, error, details, next_runtime)
      -- a result for a check that no longer exists must not fail the whole batch
      where exists (select 1 from checks c where c.id = t.check_id)
    ),
    ins as (
      insert into check_statuses (check_id, time, status, invalid, duration, message, error, details)
      select check_id, time, status, invalid, duration, message, error, details from input
      on conflict (check_id, time) do nothing
      returning check_id, time, status, duration
    ),
    hourly as (
      insert into check_statuses_1h as r (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('hour', time, 'UTC'), sum(duration), count(*),
             count(*) filter (where status), count(*) filter (where not status),
             check_latency_histogram(array_agg(duration))
      from ins group by 1, 2
      on conflict (check_id, created_at) do update set
        duration = r.duration + excluded.duration, total = r.total + excluded.total,
        passed = r.passed + excluded.passed, failed = r.failed + excluded.failed,
        latency_histogram = check_latency_histogram_add(r.latency_histogram, excluded.latency_histogram)
    ),
    daily as (
      insert into check_statuses_1d as r (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('day', time, 'UTC'), sum(duration), count(*),
             count(*) filter (where status), count(*) filter (where not status),
             check_latency_histogram(array_agg(duration))
      from ins group by 1, 2
      on conflict (check_id, created_at) do update set
        duration = r.duration + excluded.duration, total = r.total + excluded.total,
        passed = r.passed + excluded.passed, failed = r.failed + excluded.failed,
        latency_histogram = check_latency_histogram_add(r.latency_histogram, excluded.latency_histogram)
    ),
    latest as (
      select distinct on (check_id) check_id, time, status, next_runtime from input order by check_id, time desc
    )
    update checks c set
      status = case when l.status then 'healthy' else 'unhealthy' end,
      last_runtime = l.time,
      next_runtime = coalesce(l.next_runtime, c.next_runtime)
    from latest l
    where c.id = l.check_id and (c.last_runtime is null or c.last_runtime <= l.time)
  `.execute(db.kysely);
}

async function writeJobs(db: Db, jobs: PendingJob[]): Promise<void> {
  await db.kysely
    .insertInto('job_history')
    .values(
      jobs.map((j) => ({
        name: 'Canary',
        resource_type: 'canary',
        resource_id: j.canaryId,
        status: jobStatus(j.passed, j.failed),
        success_count: j.passed,
        error_count: j.failed,
        details: j.errors.length ? JSON.stringify({ errors: j.errors.slice(0, 20) }) : null,
        hostname: j.hostname,
        duration_millis: j.end.getTime() - j.start.getTime(),
        time_start: j.start,
        time_end: j.end,
      })),
    )
    .execute();
}
