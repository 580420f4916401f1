import { type CanarySpec, canaryChecks } from '@opsdeck/schema';
import { formatJunit, type JunitTest } from './checks/lib/junit-xml.js';
import type { CheckResult, ExecuteContext, executeCheck } from './execute.js';
import { type LastResult, usesLastResult } from './lastResult.js';

/**
 * `resultMode: junit`: a canary's run collapses into one result. The canary then has a single
 * check of type junit named after it (derived like any other check, so the scheduler, Run Now,
 * history and metrics need nothing special); its spec carries the canary's checks, which run as
 * one suite: `dependsOn` order, each check's own timeout, retries and expressions. The result
 * passes when every check passed, its message counts them, and its details hold the JUnit XML
 * (one testcase per check and per check a transform created) plus each check's outcome.
 */

/** One check of the suite: its type and the check's spec as written in the canary. */
export interface SuiteCheck {
  type: string;
  spec: { name: string } & Record<string, unknown>;
}

/** The spec of a canary's junit check in result mode junit. */
export interface JunitSuiteSpec {
  name: string;
  description: string;
  resultMode: 'junit';
  checks: SuiteCheck[];
}

/** One check's outcome as kept in the suite's details (and read back by `last_result()`). */
interface SuiteOutcome {
  type: string;
  name: string;
  pass: boolean;
  invalid: boolean;
  message: string;
  error: string;
  duration: number;
  detail?: Record<string, unknown>;
}

const MAX_FAILURES_SHOWN = 5;

/** The checks rows a canary has: its checks, or in result mode junit the one suite check. */
export function canaryCheckRows(
  canaryName: string,
  spec: CanarySpec,
): Array<{ type: string; check: { name: string } & Record<string, unknown> }> {
  const checks = canaryChecks(spec);
  if (spec.resultMode !== 'junit' || checks.length === 0) return checks;
  const suite: JunitSuiteSpec = {
    name: canaryName,
    description: 'Result Mode: JUnit Report',
    resultMode: 'junit',
    checks: checks.map(({ type, check }) => ({ type, spec: check })),
  };
  return [{ type: 'junit', check: suite as unknown as { name: string } & Record<string, unknown> }];
}

/** True for the suite check of a canary in result mode junit. */
export function isJunitSuite(type: string, spec: unknown): spec is JunitSuiteSpec {
  const s = spec as Partial<JunitSuiteSpec> | null;
  return type === 'junit' && s?.resultMode === 'junit' && Array.isArray(s.checks);
}

/** A check's previous outcome inside the suite's previous result, as `last_result()` shows it. */
function previousOutcome(previous: LastResult | undefined, check: SuiteCheck): LastResult | undefined {
  const checks = previous?.results.checks as SuiteOutcome[] | undefined;
  const o = checks?.find((c) => c.type === check.type && c.name === check.spec.name);
  if (!previous || !o) return undefined;
  const { pass, invalid, message, error, duration, detail } = o;
  return { status: pass, invalid, time: previous.time, duration, message, error, results: detail ?? {} };
}

/** Runs every check of the suite (dependencies first) and answers the one collapsed result. */
export async function runJunitSuite(
  suite: JunitSuiteSpec,
  ctx: ExecuteContext,
  execute: typeof executeCheck,
): Promise<CheckResult> {
  const started = performance.now();
  const timestamp = ctx.now?.() ?? new Date();
  const previous = ctx.lastResult && usesLastResult(suite) ? await ctx.lastResult() : undefined;
  const byName = new Map<string, Promise<CheckResult>>();
  const outputs: Record<string, unknown> = {};
  const runs = suite.checks.map((check) => {
    const deps = Array.isArray(check.spec.dependsOn) ? (check.spec.dependsOn as string[]) : [];
    const run = (async () => {
      await null; // every check is registered before any looks up its dependencies
      for (const dep of deps) {
        const done = await byName.get(dep);
        if (done) outputs[dep] = done.data;
      }
      return execute(check.type, check.spec, {
        ...ctx,
        checkId: undefined, // the suite's checks have no rows of their own
        outputs: deps.length ? { ...outputs } : undefined,
        lastResult: async () => previousOutcome(previous, check),
      });
    })();
    byName.set(check.spec.name, run);
    return run;
  });
  const results = await Promise.all(runs);
  const outcomes: SuiteOutcome[] = [];
  const warnings: string[] = []; // passing checks whose custom metrics failed
  results.forEach((r, i) => {
    const check = suite.checks[i] as SuiteCheck;
    outcomes.push(outcome(check.type, check.spec.name, r, r.detail));
    if (r.pass && r.error) warnings.push(`${check.type}/${check.spec.name}: ${r.error}`);
    for (const t of r.transformed ?? []) {
      const detail = t.detail && typeof t.detail === 'object' ? (t.detail as Record<string, unknown>) : undefined;
      outcomes.push(
        outcome(t.type ?? check.type, t.name, { ...t, invalid: false, duration: t.duration ?? r.duration }, detail),
      );
    }
  });
  const collapsed = collapse(suite.name, timestamp, Math.round(performance.now() - started), outcomes);
  collapsed.metrics = results.flatMap((r) => r.metrics);
  if (collapsed.pass && warnings.length) collapsed.error = warnings.join('; ');
  return collapsed;
}

function outcome(
  type: string,
  name: string,
  r: { pass: boolean; invalid: boolean; message?: string; error?: string; duration: number },
  detail: Record<string, unknown> | undefined,
): SuiteOutcome {
  const o: SuiteOutcome = {
    type,
    name,
    pass: r.pass,
    invalid: r.invalid,
    message: r.message ?? '',
    error: r.error ?? '',
    duration: r.duration,
  };
  if (detail) o.detail = detail;
  return o;
}

function collapse(name: string, timestamp: Date, duration: number, outcomes: SuiteOutcome[]): CheckResult {
  const tests: JunitTest[] = outcomes.map((o) => ({
    suite: name,
    classname: o.type,
    name: o.name,
    status: o.pass ? 'passed' : o.invalid ? 'error' : 'failed',
    duration: o.duration / 1000,
    ...(o.pass ? {} : { message: o.error || o.message || 'failed' }),
  }));
  const count = (status: JunitTest['status']) => tests.filter((t) => t.status === status).length;
  const passed = count('passed');
  const failed = count('failed');
  const errors = count('error');
  const junit = formatJunit(
    { name, tests, passed, failed, error: errors, skipped: 0, duration: duration / 1000 },
    timestamp,
  );
  const message = `${passed} passed, ${failed} failed${errors ? `, ${errors} errors` : ''}`;
  const failing = tests
    .filter((t) => t.status !== 'passed')
    .slice(0, MAX_FAILURES_SHOWN)
    .map((t) => `${t.classname}/${t.name}: ${t.message}`);
  const pass = failed + errors === 0;
  return {
    pass,
    invalid: false,
    message,
    ...(pass ? {} : { error: `${message}; ${failing.join('; ')}` }),
    duration,
    data: { passed, failed, errors, total: tests.length },
    metrics: [],
    detail: { junit, passed, failed, errors, checks: outcomes },
    attempts: 1,
  };
}
