import type { CheckRun, RunnableCanary, RunnableCheck } from './runner.js';

/** What one canary run keeps while its checks run: the waits of `dependsOn` and the job row's tally. */

const NO_DEPS: readonly string[] = [];

/** The names of the checks `check` runs after. */
export function dependsOn(check: RunnableCheck): readonly string[] {
  return Array.isArray(check.spec.dependsOn) ? (check.spec.dependsOn as string[]) : NO_DEPS;
}

/** Per run, the checks some other check depends on: a promise of each one's data as it ends. */
export class DependencyWaits {
  private readonly waits = new Map<string, { ended: Promise<unknown>; settle: (data: unknown) => void }>();

  constructor(names: readonly string[]) {
    for (const name of names) {
      let settle: (data: unknown) => void = () => {};
      const ended = new Promise<unknown>((resolve) => {
        settle = resolve;
      });
      this.waits.set(name, { ended, settle });
    }
  }

  /** `name`'s data once it has ended; undefined when no check of the run waits for it. */
  ended(name: string): Promise<unknown> | undefined {
    return this.waits.get(name)?.ended;
  }

  /** `name` ended with `data` (undefined when its run failed). */
  settle(name: string, data: unknown): void {
    this.waits.get(name)?.settle(data);
  }
}

/** Per canary object, the names of its checks that another of its checks depends on. */
const waitedNames = new WeakMap<RunnableCanary, readonly string[]>();

/** The waits of one run of `canary`, or undefined when no check depends on another (most canaries). */
export function dependencyWaits(canary: RunnableCanary): DependencyWaits | undefined {
  let names = waitedNames.get(canary);
  if (!names) {
    const all = new Set(canary.checks.map((c) => c.name));
    names = [...new Set(canary.checks.flatMap((c) => dependsOn(c)).filter((n) => all.has(n)))];
    waitedNames.set(canary, names);
  }
  return names.length ? new DependencyWaits(names) : undefined;
}

/** The counts and errors of a canary run's job_history row, added up as its checks end. */
export class JobTally {
  passed = 0;
  failed = 0;
  private skipped = 0;
  private readonly failures: string[] = [];

  add(run: CheckRun): void {
    if (run.skipped) this.skipped++;
    else if (run.result.pass) this.passed++;
    else {
      this.failed++;
      this.failures.push(`${run.check.name}: ${run.result.error ?? run.result.message}`);
    }
  }

  failedWith(name: string, err: unknown): void {
    this.failed++;
    this.failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }

  errors(): string[] {
    if (!this.skipped) return this.failures;
    return [...this.failures, `${this.skipped} check(s) skipped: still running from the previous run`];
  }
}
