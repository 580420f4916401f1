import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { JobStatus } from '../db/types.js';
import type { CollectedArtifact } from './checks/lib/artifacts.js';
import { LATENCY_BOUNDS_MS } from './latency.js';
import type { CheckIdentity } from './metrics.js';
import { runPrepared } from './prepared.js';

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
  /** Who the result belongs to, for the check metrics counted once it is stored. */
  check?: CheckIdentity | undefined;
  /** Files kept with the result (exec `artifacts`), stored in check_artifacts. */
  artifacts?: CollectedArtifact[] | undefined;
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

/** canary-checker's job status rule: errors with successes is WARNING, errors alone FAILED. */
export function jobStatus(passed: number, failed: number): JobStatus {
  if (failed === 0) return 'SUCCESS';
  return passed > 0 ? 'WARNING' : 'FAILED';
}

const MAX_TEXT = 4000;
/** Results one statement carries at most: a writer that fell behind catches up in bounded statements. */
const MAX_STATEMENT_ROWS = 5000;
/**
 * Results kept while the database refuses writes (a few minutes of 100,000 checks a minute): past
 * it the oldest are dropped and reported, so an outage costs history, never the process's memory.
 */
const MAX_BACKLOG = 500_000;
const clip = (s: string | undefined) => (s === undefined ? null : s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

/**
 * Stores check results in batches: one statement per flush inserts the raw rows, folds them into
 * the hourly and daily rollups (counts, duration sum, latency histogram), and updates each
 * check's status, last and next runtime (the checks trigger stamps transitions and queues
 * check.passed / check.failed). Both stamp the transaction's time on what they changed
 * (checks.state_changed_at, check_statuses_1h.updated_at) for the health summary's reads. Job history rows of canary runs go in the same flush.
 */
export class ResultWriter {
  private results: PendingResult[] = [];
  private jobs: PendingJob[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: {
      flushMs?: number;
      maxBatch?: number;
      /** Rows one statement carries at most (default 5,000). */
      maxStatementRows?: number;
      /** Results kept for a retry while the database is away (default 500,000). */
      maxBacklog?: number;
      onError?: (err: unknown) => void;
      /** Called with each batch once it is stored (check metrics count results only then). */
      onStored?: (results: readonly PendingResult[]) => void;
    } = {},
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
    const limit = this.opts.maxStatementRows ?? MAX_STATEMENT_ROWS;
    // a writer behind by more than one statement's worth writes it in turns, oldest first
    while (this.results.length > limit) {
      if (!(await this.writeResults(this.results.splice(0, limit)))) return;
    }
    const results = this.results;
    const jobs = this.jobs;
    if (!results.length && !jobs.length) return;
    this.results = [];
    this.jobs = [];
    if (results.length && !(await this.writeResults(results))) {
      this.jobs = jobs.concat(this.jobs);
      return;
    }
    if (!jobs.length) return;
    try {
      await writeJobs(this.db, jobs);
    } catch (err) {
      if (isTransient(err)) this.jobs = jobs.concat(this.jobs);
      this.opts.onError?.(err);
    }
  }

  /** Stores one statement's results; false when they went back to the queue for the next flush. */
  private async writeResults(results: PendingResult[]): Promise<boolean> {
    try {
      await writeResults(this.db, results);
    } catch (err) {
      this.opts.onError?.(err);
      // keep the results for the next flush unless it is the data itself that is refused
      if (!isTransient(err)) return true;
      this.results = results.concat(this.results);
      this.trimBacklog();
      return false;
    }
    this.opts.onStored?.(results);
    // after the results, on their own: a retry of the batch would count the results twice
    await writeArtifacts(this.db, results).catch((err) => this.opts.onError?.(err));
    return true;
  }

  private trimBacklog(): void {
    const max = this.opts.maxBacklog ?? MAX_BACKLOG;
    const over = this.results.length - max;
    if (over <= 0) return;
    this.results.splice(0, over);
    this.opts.onError?.(
      new Error(`the database has refused check results for too long: ${over} oldest results dropped`),
    );
  }
}

/**
 * The artifacts of stored results, one row per file (they are few and up to 1 MiB each); a
 * result that was not stored (its check is gone) keeps none.
 */
async function writeArtifacts(db: Db, results: readonly PendingResult[]): Promise<void> {
  for (const r of results) {
    for (const a of r.artifacts ?? []) {
      await sql`
        insert into check_artifacts (id, check_id, check_time, path, filename, size, content_type, checksum, content)
        select ${a.id}::uuid, ${r.checkId}::uuid, ${r.time.toISOString()}::timestamptz, ${a.path}, ${a.filename},
               ${a.size}, ${a.contentType}, ${a.checksum}, ${a.content}
        where exists (select 1 from check_statuses where check_id = ${r.checkId}::uuid and time = ${r.time.toISOString()}::timestamptz)
        on conflict (id) do nothing`.execute(db.kysely);
    }
  }
}

function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  // 40: serialization failure or deadlock (a partition being added or dropped), worth a retry
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57') || code.startsWith('40');
}

const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
const buckets = Array.from({ length: BUCKETS }, (_, i) => i + 1);

/**
 * The rollup histogram of a group of results as one array expression: a count per bucket, the
 * bucket of each row computed by width_bucket against check_latency_bounds() (what the SQL
 * function check_latency_histogram counts, without a PL/pgSQL call per group).
 */
const HISTOGRAM = sql.raw(`array[${buckets.map((i) => `count(*) filter (where bucket = ${i})`).join(', ')}]::int[]`);

/** Adds the new histogram to the stored one element by element (check_latency_histogram_add, inlined). */
const HISTOGRAM_ADD = sql.raw(
  `array[${buckets.map((i) => `coalesce(r.latency_histogram[${i}], 0) + coalesce(excluded.latency_histogram[${i}], 0)`).join(', ')}]`,
);

/**
 * The single statement behind a flush (arrays bound as parameters, whatever the batch size).
 * Every lookup of checks goes through `id = any(ids)` so both engines probe checks_pkey for the
 * batch's checks instead of hashing the whole table (the planner does that for a join with unnest).
 */
async function writeResults(db: Db, rows: PendingResult[]): Promise<void> {
  const n = rows.length;
  const ids = new Array<string>(n);
  const times = new Array<string>(n);
  const statuses = new Array<boolean>(n);
  const invalid = new Array<boolean>(n);
  const durations = new Array<number>(n);
  const messages = new Array<string | null>(n);
  const errors = new Array<string | null>(n);
  const details = new Array<string | null>(n);
  const next = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i] as PendingResult;
    ids[i] = r.checkId;
    times[i] = r.time.toISOString();
    statuses[i] = r.pass;
    invalid[i] = r.invalid ?? false;
    durations[i] = Math.max(0, Math.round(r.duration));
    messages[i] = clip(r.message);
    errors[i] = clip(r.error);
    details[i] = r.details && hasKeys(r.details) ? JSON.stringify(r.details) : null;
    next[i] = r.nextRuntime?.toISOString() ?? null;
  }
  await runPrepared(
    db,
    'opsdeck_write_results',
    sql`
    with input as (
      select * from unnest(${ids}::uuid[], ${times}::timestamptz[], ${statuses}::bool[], ${invalid}::bool[],
                           ${durations}::int[], ${messages}::text[], ${errors}::text[], ${details}::jsonb[],
                           ${next}::timestamptz[])
        as t(check_id, time, status, invalid, duration, message, error, details, next_runtime)
      -- a result for a check that no longer exists must not fail the whole batch
      where t.check_id in (select id from checks where id = any(${ids}::uuid[]))
    ),
    ins as (
      insert into check_statuses (check_id, time, status, invalid, duration, message, error, details)
      select check_id, time, status, invalid, duration, message, error, details from input
      on conflict (check_id, time) do nothing
      returning check_id, time, status, duration, width_bucket(duration - 1, check_latency_bounds()) + 1 as bucket
    ),
    hourly as (
      insert into check_statuses_1h as r (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('hour', time, 'UTC'), sum(duration), count(*),
             count(*) filter (where status), count(*) filter (where not status), ${HISTOGRAM}
      from ins group by 1, 2
      on conflict (check_id, created_at) do update set
        duration = r.duration + excluded.duration, total = r.total + excluded.total,
        passed = r.passed + excluded.passed, failed = r.failed + excluded.failed,
        latency_histogram = ${HISTOGRAM_ADD}, updated_at = now()
    ),
    daily as (
      insert into check_statuses_1d as r (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('day', time, 'UTC'), sum(duration), count(*),
             count(*) filter (where status), count(*) filter (where not status), ${HISTOGRAM}
      from ins group by 1, 2
      on conflict (check_id, created_at) do update set
        duration = r.duration + excluded.duration, total = r.total + excluded.total,
        passed = r.passed + excluded.passed, failed = r.failed + excluded.failed,
        latency_histogram = ${HISTOGRAM_ADD}
    ),
    latest as (
      select distinct on (check_id) check_id, time, status, next_runtime from input order by check_id, time desc
    )
    update checks c set
      status = case when l.status then 'healthy' else 'unhealthy' end,
      last_runtime = l.time,
      next_runtime = coalesce(l.next_runtime, c.next_runtime),
      state_changed_at = now()
    from latest l
    where c.id = any(${ids}::uuid[]) and c.id = l.check_id and (c.last_runtime is null or c.last_runtime <= l.time)
  `,
  );
}

function hasKeys(o: Record<string, unknown>): boolean {
  for (const _ in o) return true;
  return false;
}

/** One statement for the job history rows of a flush, whatever their number. */
async function writeJobs(db: Db, jobs: PendingJob[]): Promise<void> {
  const n = jobs.length;
  const ids = new Array<string>(n);
  const statuses = new Array<JobStatus>(n);
  const passed = new Array<number>(n);
  const failed = new Array<number>(n);
  const details = new Array<string | null>(n);
  const hosts = new Array<string>(n);
  const durations = new Array<number>(n);
  const starts = new Array<string>(n);
  const ends = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const j = jobs[i] as PendingJob;
    ids[i] = j.canaryId;
    statuses[i] = jobStatus(j.passed, j.failed);
    passed[i] = j.passed;
    failed[i] = j.failed;
    details[i] = j.errors.length ? JSON.stringify({ errors: j.errors.slice(0, 20) }) : null;
    hosts[i] = j.hostname;
    durations[i] = j.end.getTime() - j.start.getTime();
    starts[i] = j.start.toISOString();
    ends[i] = j.end.toISOString();
  }
  await runPrepared(
    db,
    'opsdeck_write_jobs',
    sql`
    insert into job_history (name, resource_type, resource_id, status, success_count, error_count, details, hostname,
                             duration_millis, time_start, time_end)
    select 'Canary', 'canary', t.* from unnest(${ids}::text[], ${statuses}::text[], ${passed}::int[], ${failed}::int[],
                                               ${details}::jsonb[], ${hosts}::text[], ${durations}::int[],
                                               ${starts}::timestamptz[], ${ends}::timestamptz[]) as t`,
  );
}
