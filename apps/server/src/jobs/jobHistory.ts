import os from 'node:os';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { JobStatus } from '../db/types.js';

/** What a job reports: how many items went well and the errors of the others. */
export interface JobOutcome {
  success?: number;
  errors?: string[];
  details?: Record<string, unknown>;
}

export interface JobIdentity {
  name: string;
  resourceType?: string;
  resourceId?: string;
}

/** SUCCESS, WARNING (some errors), FAILED (errors only), as Mission Control decides. */
export function outcomeStatus(success: number, errors: number): JobStatus {
  if (errors === 0) return 'SUCCESS';
  return success > 0 ? 'WARNING' : 'FAILED';
}

/**
 * Runs `fn` as a job: a RUNNING job_history row first, then its status, counts, errors and
 * duration. A thrown error is recorded as FAILED and rethrown.
 */
export async function runJob(
  db: Db,
  clock: Clock,
  job: JobIdentity,
  fn: () => Promise<JobOutcome>,
): Promise<JobOutcome> {
  const start = clock.now();
  const row = await db.kysely
    .insertInto('job_history')
    .values({
      name: job.name,
      resource_type: job.resourceType ?? null,
      resource_id: job.resourceId ?? null,
      status: 'RUNNING',
      hostname: os.hostname(),
      time_start: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const finish = async (status: JobStatus, success: number, errors: string[], details?: Record<string, unknown>) => {
    const end = clock.now();
    await db.kysely
      .updateTable('job_history')
      .set({
        status,
        success_count: success,
        error_count: errors.length,
        details: JSON.stringify({ ...(details ?? {}), ...(errors.length ? { errors: errors.slice(0, 50) } : {}) }),
        time_end: end,
        duration_millis: end.getTime() - start.getTime(),
      })
      .where('id', '=', row.id)
      .execute();
  };
  try {
    const outcome = await fn();
    const errors = outcome.errors ?? [];
    const success = outcome.success ?? (errors.length ? 0 : 1);
    await finish(outcomeStatus(success, errors.length), success, errors, outcome.details);
    return outcome;
  } catch (err) {
    await finish('FAILED', 0, [err instanceof Error ? err.message : String(err)]);
    throw err;
  }
}

/** A job run every `everyMs` (first after `firstMs`), never overlapping itself; `stop` waits for a running one. */
export function every(
  everyMs: number,
  run: () => Promise<unknown>,
  opts: { firstMs?: number; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void>; runNow(): Promise<unknown> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const go = () => {
    if (stopped || running) return running;
    running = run()
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = setTimeout(go, opts.firstMs ?? everyMs);
  const timer = setInterval(go, everyMs);
  first.unref();
  timer.unref();
  return {
    runNow: () => go() ?? Promise.resolve(),
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
