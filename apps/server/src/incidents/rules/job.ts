import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, JobStatus } from '../../db/types.js';
import { type RuleRunResult, runIncidentRules } from './engine.js';

/** job_history name of the incident rules runs. */
export const INCIDENT_RULES_JOB = 'IncidentRules';

/** How often the rules run by default: a rule's `filter.age` is honoured to within this. */
export const INCIDENT_RULES_INTERVAL_MS = 60_000;

export interface IncidentRulesJobOptions {
  db: Kysely<Database>;
  clock: Clock;
  intervalMs?: number;
  /** Where a failed run is reported besides job_history. */
  onError?: (err: unknown) => void;
}

/** A started periodic job. */
export interface RunningJob {
  /** Runs once now (tests, "run now"); resolves with the run's result. */
  runOnce(): Promise<RuleRunResult>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the incident rules every `intervalMs`, one run at a time, writing a job_history row for
 * each run that had rules to evaluate: SUCCESS; WARNING when a rule or action failed or a rule
 * uses a part the engine does not evaluate; FAILED when the run itself did.
 */
export function startIncidentRulesJob(opts: IncidentRulesJobOptions): RunningJob {
  const interval = opts.intervalMs ?? INCIDENT_RULES_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<RuleRunResult> | undefined;
  let stopped = false;

  const runOnce = async (): Promise<RuleRunResult> => {
    while (inFlight) await inFlight.catch(() => undefined);
    inFlight = runAndRecord(opts.db, opts.clock);
    try {
      return await inFlight;
    } finally {
      inFlight = undefined;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err) => opts.onError?.(err))
        .finally(schedule);
    }, interval);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight?.catch(() => undefined);
    },
  };
}

async function runAndRecord(db: Kysely<Database>, clock: Clock): Promise<RuleRunResult> {
  const start = clock.now();
  const started = Date.now();
  let result: RuleRunResult | undefined;
  let failure: unknown;
  try {
    result = await runIncidentRules(db, clock);
  } catch (err) {
    failure = err;
  }
  const invalid = result ? Object.keys(result.invalidRules).length : 0;
  const acted = result ? result.opened.length + result.resolved.length + result.closed.length : 0;
  const warnings = result?.warnings ?? [];
  const hadRules = failure !== undefined || acted > 0 || invalid > 0 || (result?.errors.length ?? 0) > 0;
  if (hadRules || (await hasRules(db))) {
    const errors = failure
      ? [(failure as Error).message]
      : [...(result?.errors ?? []), ...Object.entries(result?.invalidRules ?? {}).map(([n, why]) => `${n}: ${why}`)];
    const status: JobStatus = failure ? 'FAILED' : errors.length || warnings.length ? 'WARNING' : 'SUCCESS';
    await db
      .insertInto('job_history')
      .values({
        name: INCIDENT_RULES_JOB,
        status,
        success_count: acted,
        error_count: errors.length,
        details: JSON.stringify({
          opened: result?.opened ?? [],
          resolved: result?.resolved ?? [],
          closed: result?.closed ?? [],
          ...(errors.length ? { errors } : {}),
          ...(warnings.length ? { warnings } : {}),
        }),
        hostname: os.hostname(),
        duration_millis: Date.now() - started,
        resource_type: 'incident_rule',
        time_start: start,
        time_end: clock.now(),
        created_at: start,
      })
      .execute();
  }
  if (failure) throw failure;
  return result as RuleRunResult;
}

async function hasRules(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('incident_rules')
    .select('id')
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
