import os from 'node:os';
import type { CheckRetries } from '@opsdeck/schema';
import type { Clock } from '../clock.js';
import type { ConnectionResolver } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import type { SandboxPolicy } from '../sandbox/config.js';
import { type DependencyWaits, dependencyWaits, dependsOn, JobTally } from './canaryRun.js';
import { CheckContexts } from './checkContext.js';
import { checkTypeFor } from './checks/registry.js';
import { type CheckResult, type ExecuteContext, executeCheck } from './execute.js';
import { Semaphore } from './heap.js';
import { type LastResults, lastResultsFor } from './lastResult.js';
import type { CheckIdentity, HealthMetrics } from './metrics.js';
import { immediate, type Pacer } from './pacing.js';
import type { ResultWriter } from './results.js';
import { specMemo } from './specMemo.js';
import { upsertTransformedChecks } from './transformed.js';

/** A check as the runner needs it: its id, type, name and the spec object from the canary. */
export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  spec: Record<string, unknown>;
}

/** A canary ready to run: identity, canary-level retries, its live checks. */
export interface RunnableCanary {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  retries?: CheckRetries | undefined;
  checks: RunnableCheck[];
}

/** One finished (or skipped) check of a canary run. */
export interface CheckRun {
  check: RunnableCheck;
  time: Date;
  result: CheckResult;
  /** Still running from the previous run: not started again (a check never overlaps itself). */
  skipped?: boolean;
}

export interface CanaryRunnerOptions {
  clock: Clock;
  /** Needed to resolve `connection://` references and to store transformed checks. */
  db?: Db;
  resolver?: ConnectionResolver;
  writer?: ResultWriter;
  metrics?: HealthMetrics;
  /** Aborted on shutdown: every in-flight check is told to stop. */
  signal?: AbortSignal;
  /** Runs at once per check type when the type sets no `concurrency` (default 200). */
  defaultConcurrency?: number;
  execute?: typeof executeCheck;
  /** Exec mode, sandbox user, file roots and data dir for exec, folder and junit checks. */
  sandbox?: SandboxPolicy;
}

const hostname = os.hostname();

/** What the runner keeps per check between runs (for the canary object it was made for). */
interface KeptForCheck {
  canary: RunnableCanary;
  ctx: ExecuteContext;
  identity: CheckIdentity;
}

/** What declares a check's custom metrics, as text, kept with the spec object (a spec is never changed in place). */
function metricsDeclaration(spec: RunnableCheck['spec']): string {
  const memo = specMemo(spec);
  memo.metricsDeclaration ??= JSON.stringify([spec.metrics, spec.transform]);
  return memo.metricsDeclaration;
}

/**
 * Runs canaries and single checks: per-type concurrency limits, no check overlapping itself,
 * `dependsOn` ordering with `outputs`, and results handed to the writer and the metrics.
 */
export class CanaryRunner {
  private readonly inflight = new Map<string, Promise<CheckResult>>();
  private readonly limits = new Map<string, Semaphore>();
  private readonly execute: typeof executeCheck;
  private readonly lastResults: LastResults;
  /** Each check's execute context (all but `outputs`) and identity, made on its first run: the same every run. */
  private readonly kept = new WeakMap<RunnableCheck, KeptForCheck>();

  private readonly contexts: CheckContexts;

  constructor(private readonly opts: CanaryRunnerOptions) {
    this.execute = opts.execute ?? executeCheck;
    this.lastResults = lastResultsFor(opts.db);
    this.contexts = new CheckContexts({ ...opts, lastResults: this.lastResults });
  }

  /** Checks running right now. */
  get active(): number {
    return this.inflight.size;
  }

  /** Drops what is kept per check (metric series, last results) for checks that no longer exist. */
  forgetChecks(checkIds: readonly string[]): void {
    if (!checkIds.length) return;
    this.opts.metrics?.forget(checkIds);
    this.lastResults.forget(checkIds);
  }

  /** Resolves once nothing is running. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight.values()]);
  }

  /**
   * Runs every check of `canary` once (skipping those still running), records a job_history row
   * and answers every check's run, in the canary's order. `pace` spreads the checks' start times;
   * by default all start at once.
   */
  async runCanary(canary: RunnableCanary, nextRuntime?: Date, pace: Pacer = immediate): Promise<CheckRun[]> {
    const runs: CheckRun[] = new Array(canary.checks.length);
    await this.runEach(canary, nextRuntime, pace, (index, run) => {
      runs[index] = run;
    });
    return runs;
  }

  /**
   * A scheduled run: as `runCanary`, but nothing of a check's result is kept once it is written.
   * A paced run lasts seconds, and results held until its last check ended all outlived the young
   * generation: at 100,000 checks a minute they were most of what filled the old one.
   */
  runScheduled(canary: RunnableCanary, nextRuntime: Date, pace: Pacer = immediate): Promise<void> {
    return this.runEach(canary, nextRuntime, pace);
  }

  /**
   * Starts the checks one after the other as `pace` lets them (one wait at a time, not a timer
   * per check), tallies the job row as they end and hands each run to `each`.
   */
  private async runEach(
    canary: RunnableCanary,
    nextRuntime: Date | undefined,
    pace: Pacer,
    each?: (index: number, run: CheckRun) => void,
  ): Promise<void> {
    const start = this.opts.clock.now();
    const tally = new JobTally();
    const waits = dependencyWaits(canary);
    const outputs: Record<string, unknown> = {};
    let open = 1;
    let allEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      allEnded = resolve;
    });
    const end = () => {
      if (--open === 0) allEnded();
    };
    for (let index = 0; index < canary.checks.length; index++) {
      await pace.wait(index);
      const check = canary.checks[index] as RunnableCheck;
      open++;
      this.runInCanary(canary, check, nextRuntime, waits, outputs).then(
        (run) => {
          tally.add(run);
          waits?.settle(check.name, run.result.data);
          each?.(index, run);
          end();
        },
        (err: unknown) => {
          tally.failedWith(check.name, err);
          waits?.settle(check.name, undefined);
          end();
        },
      );
    }
    end();
    await ended;
    this.opts.writer?.addJob({
      canaryId: canary.id,
      start,
      end: this.opts.clock.now(),
      passed: tally.passed,
      failed: tally.failed,
      errors: tally.errors(),
      hostname,
    });
  }

  /** One check of a canary run, once the checks it depends on have ended (their data in `outputs`). */
  private async runInCanary(
    canary: RunnableCanary,
    check: RunnableCheck,
    nextRuntime: Date | undefined,
    waits: DependencyWaits | undefined,
    outputs: Record<string, unknown>,
  ): Promise<CheckRun> {
    const deps = dependsOn(check);
    for (const dep of deps) {
      const ended = waits?.ended(dep);
      if (ended) outputs[dep] = await ended;
    }
    const time = this.opts.clock.now();
    if (this.inflight.has(check.id)) return { check, time, result: skippedResult(), skipped: true };
    const result = await this.runCheck(canary, check, nextRuntime, deps.length ? { ...outputs } : undefined);
    return { check, time, result };
  }

  /** Runs one check now; if it is already running, answers that run's result instead of starting another. */
  runCheck(
    canary: RunnableCanary,
    check: RunnableCheck,
    nextRuntime?: Date,
    outputs?: Record<string, unknown>,
  ): Promise<CheckResult> {
    const running = this.inflight.get(check.id);
    if (running) return running;
    const promise = this.runGuarded(canary, check, nextRuntime, outputs);
    this.inflight.set(check.id, promise);
    return promise;
  }

  private limitFor(type: string): Semaphore {
    let s = this.limits.get(type);
    if (!s) {
      s = new Semaphore(checkTypeFor(type)?.concurrency ?? this.opts.defaultConcurrency ?? 200);
      this.limits.set(type, s);
    }
    return s;
  }

  private async runGuarded(
    canary: RunnableCanary,
    check: RunnableCheck,
    nextRuntime: Date | undefined,
    outputs: Record<string, unknown> | undefined,
  ): Promise<CheckResult> {
    try {
      const release = await this.limitFor(check.type).acquire();
      const time = this.opts.clock.now();
      let result: CheckResult;
      try {
        result = await this.execute(check.type, check.spec, this.contextFor(canary, check, outputs));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        result = {
          pass: false,
          invalid: true,
          message,
          error: message,
          duration: 0,
          data: {},
          metrics: [],
          attempts: 1,
        };
      } finally {
        release();
      }
      this.record(canary, check, time, result, nextRuntime);
      if (result.transformed?.length && this.opts.db) {
        await this.recordTransformed(canary, check, time, result).catch((err) => {
          result.error ??= `storing transformed checks: ${(err as Error).message}`;
        });
      }
      return result;
    } finally {
      this.inflight.delete(check.id); // here rather than in a .finally on runCheck's promise: no closure per run
    }
  }

  private keptFor(canary: RunnableCanary, check: RunnableCheck): KeptForCheck {
    let kept = this.kept.get(check);
    if (kept?.canary !== canary) {
      const identity = {
        id: check.id,
        name: check.name,
        type: check.type,
        canaryName: canary.name,
        canaryNamespace: canary.namespace,
      };
      kept = { canary, ctx: this.contexts.contextOf(canary, check), identity };
      this.kept.set(check, kept);
    }
    return kept;
  }

  private contextFor(canary: RunnableCanary, check: RunnableCheck, outputs?: Record<string, unknown>): ExecuteContext {
    const { ctx } = this.keptFor(canary, check);
    return outputs ? { ...ctx, outputs } : ctx;
  }

  private record(canary: RunnableCanary, check: RunnableCheck, time: Date, result: CheckResult, next?: Date) {
    const unexported = this.opts.metrics?.exportCustom(check.id, metricsDeclaration(check.spec), result.metrics);
    if (unexported) result.error = result.error ? `${result.error}; ${unexported}` : unexported;
    this.lastResults.remember(check.id, check.spec, time, result);
    this.opts.writer?.add({
      checkId: check.id,
      time,
      pass: result.pass,
      invalid: result.invalid,
      duration: result.duration,
      message: result.message,
      error: result.error,
      details: result.detail,
      artifacts: result.artifacts,
      nextRuntime: next,
      check: this.keptFor(canary, check).identity,
    });
  }

  private async recordTransformed(canary: RunnableCanary, parent: RunnableCheck, time: Date, result: CheckResult) {
    const ids = await upsertTransformedChecks(this.opts.db as Db, canary.id, parent, result.transformed ?? []);
    for (const t of result.transformed ?? []) {
      const id = ids.get(t.name);
      if (!id) continue;
      this.opts.writer?.add({
        checkId: id,
        time,
        pass: t.pass,
        duration: t.duration ?? result.duration,
        message: t.message,
        error: t.error,
        details: t.detail && typeof t.detail === 'object' ? (t.detail as Record<string, unknown>) : undefined,
      });
    }
  }
}

function skippedResult(): CheckResult {
  return {
    pass: false,
    invalid: false,
    message: 'skipped: still running from the previous run',
    duration: 0,
    data: {},
    metrics: [],
    attempts: 0,
  };
}
