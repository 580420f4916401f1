import type { CheckRetries, CommonCheck } from '@opsdeck/schema';
import { parseDuration } from '@opsdeck/schema';
import { runScope, sleep } from '../abort.js';
import {
  compileCel,
  compileExpression,
  type Expression,
  isEmptyExpression,
  withExpressionContext,
} from '../expr/index.js';
import { DEFAULT_SANDBOX, type SandboxPolicy } from '../sandbox/config.js';
import {
  applyDisplay,
  applyTest,
  applyTransform,
  type EvaluatedResult,
  evaluateMetrics,
} from './checks/lib/evaluate.js';
import { canRetry, retryPolicy } from './checks/lib/retry.js';
import { checkTypeFor } from './checks/registry.js';
import type { CheckContext, CheckMetric, CheckOutcome, CheckType } from './checks/types.js';
import { isJunitSuite, runJunitSuite } from './junitMode.js';
import { type LastResult, usesLastResult } from './lastResult.js';
import { parseSpec } from './parsedSpecs.js';

export type { TransformedCheck } from './checks/lib/evaluate.js';

/**
 * Runs one check completely, as the engine's only entry point: validate the spec, run the type's
 * runner under a deadline (AbortSignal), measure the duration, apply `thresholdMillis`, then
 * canary-checker's evaluation order transform -> display -> test, custom metrics, and retries
 * (`retries{maxRetries, delay, interval, timeout, disabled}`, the check's over the canary's).
 * Expressions may call `last_result()`, the check's previous result, read once before the run.
 */

/** What the engine passes in: connection/secret resolution, the canary, outputs of earlier checks. */
export interface ExecuteContext {
  resolveConnection: CheckContext['resolveConnection'];
  resolveEnv: CheckContext['resolveEnv'];
  now?: () => Date;
  /** Aborted on shutdown or when the canary run is cancelled. */
  signal?: AbortSignal;
  canary?: { id?: string; name?: string; namespace?: string; labels?: Record<string, string> };
  checkId?: string;
  /** Results of `dependsOn` checks, visible to expressions as `outputs.<name>`. */
  outputs?: Record<string, unknown>;
  /** Canary-level `retries`, overridden field by field by the check's own. */
  retries?: CheckRetries;
  /** The check's previous result, for `last_result()` (asked only when its expressions call it). */
  lastResult?: () => Promise<LastResult | undefined>;
  /** Exec mode, sandbox user and file roots; the defaults (no file roots) when unset. */
  sandbox?: SandboxPolicy;
  /** The check's last push (webhook checks). */
  lastPush?: CheckContext['lastPush'];
}

/** The outcome of one check run as stored in check_statuses and shown in history. */
export interface CheckResult {
  pass: boolean;
  /** True when the check could not be evaluated (bad spec, expression error): not a target failure. */
  invalid: boolean;
  message: string;
  error?: string;
  /** Milliseconds the runner took (the last attempt when retried). */
  duration: number;
  data: Record<string, unknown>;
  metrics: CheckMetric[];
  detail?: Record<string, unknown>;
  labels?: Record<string, string>;
  /** New checks a `transform` created, when it did. */
  transformed?: EvaluatedResult['transformed'];
  /** Files kept with the result (exec `artifacts`). */
  artifacts?: EvaluatedResult['artifacts'];
  attempts: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

function invalid(message: string): CheckResult {
  return { pass: false, invalid: true, message, error: message, duration: 0, data: {}, metrics: [], attempts: 0 };
}

function timeoutOf(type: CheckType<unknown>, spec: CommonCheck): number {
  const own = type.timeoutMs?.(spec);
  if (own !== undefined) return own;
  if (typeof spec.timeout === 'number') return spec.timeout * 1000;
  if (typeof spec.timeout === 'string') return parseDuration(spec.timeout) ?? DEFAULT_TIMEOUT_MS;
  return type.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
}

/** Runs the runner once under a deadline; a runner that ignores its signal is still cut off. */
async function runOnce(
  type: CheckType<unknown>,
  spec: CommonCheck,
  ctx: ExecuteContext,
  previous: Record<string, unknown>,
): Promise<{ outcome: CheckOutcome; duration: number }> {
  const timeoutMs = timeoutOf(type, spec);
  const scope = runScope(ctx.signal, timeoutMs, runTimedOut);
  const checkCtx: CheckContext = {
    signal: scope.signal,
    timeoutMs,
    resolveConnection: ctx.resolveConnection,
    resolveEnv: ctx.resolveEnv,
    now: ctx.now ?? (() => new Date()),
    sandbox: ctx.sandbox ?? DEFAULT_SANDBOX,
    previousResult: previous,
    lastPush: ctx.lastPush,
  };
  const started = performance.now();
  let outcome: CheckOutcome;
  try {
    outcome = await scope.guard(type.run(spec, checkCtx));
  } catch (err) {
    const message = err instanceof Error ? err.message || err.name : String(err);
    outcome = { pass: false, error: message, message, data: {} };
  } finally {
    scope.dispose();
  }
  return { outcome, duration: Math.round(performance.now() - started) };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

const runTimedOut = (ms: number) => new Error(`timed out after ${formatSeconds(ms)}`);

function environment(
  spec: CommonCheck,
  type: CheckType<unknown>,
  r: EvaluatedResult,
  ctx: ExecuteContext,
): Record<string, unknown> {
  const env: Record<string, unknown> = {
    ...r.data,
    duration: r.duration,
    check: {
      name: spec.name,
      id: ctx.checkId ?? '',
      description: spec.description ?? '',
      labels: spec.labels ?? {},
      endpoint: type.endpoint?.(spec) ?? '',
    },
    canary: {
      name: ctx.canary?.name ?? '',
      namespace: ctx.canary?.namespace ?? '',
      labels: ctx.canary?.labels ?? {},
      id: ctx.canary?.id ?? '',
    },
  };
  if (ctx.outputs && Object.keys(ctx.outputs).length > 0) env.outputs = ctx.outputs;
  return env;
}

/** canary-checker's message when a test fails: exec output, else "test failed". */
function testFailure(r: EvaluatedResult): string {
  const results = r.data.results as { stdout?: string; stderr?: string; exitCode?: number } | undefined;
  if (results && ('stdout' in results || 'stderr' in results)) {
    const out = `${results.stderr ?? ''} ${results.stdout ?? ''}`.trim();
    return out || `exit code ${results.exitCode ?? ''}`.trim();
  }
  return 'test failed';
}

function expressionError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs one attempt: runner, threshold, transform, display, test, metrics. */
async function attempt(
  type: CheckType<unknown>,
  spec: CommonCheck,
  ctx: ExecuteContext,
  previous: Record<string, unknown>,
  readsLast: boolean,
): Promise<EvaluatedResult> {
  const { outcome, duration } = await runOnce(type, spec, ctx, previous);
  const r: EvaluatedResult = {
    pass: outcome.pass,
    invalid: outcome.invalid ?? false,
    message: outcome.message,
    error: outcome.error,
    duration,
    data: { ...outcome.data },
    detail: outcome.detail,
    metrics: [...(outcome.metrics ?? [])],
    ...(outcome.artifacts ? { artifacts: outcome.artifacts } : {}),
  };
  if (r.invalid) return r; // refused by the server's configuration: nothing to evaluate
  if (r.pass && !type.ownsThreshold && spec.thresholdMillis && duration > spec.thresholdMillis) {
    r.pass = false;
    r.error = `took ${duration}ms, over the threshold of ${spec.thresholdMillis}ms`;
  }
  // most checks have no expressions: their result goes as it is, without an environment built
  if (!hasExpressions(type, spec)) return r;
  // only a check that calls last_result() needs the context (it turns on promise hooks: expr/context.ts)
  if (!readsLast) return evaluate(type, spec, ctx, r);
  return withExpressionContext({ lastResult: previous }, () => evaluate(type, spec, ctx, r));
}

/** Whether the check has anything for `evaluate` to do: transform, display, test (or the type's), metrics. */
function hasExpressions(type: CheckType<unknown>, spec: CommonCheck): boolean {
  return (
    !isEmptyExpression(spec.transform) ||
    !isEmptyExpression(spec.display) ||
    !isEmptyExpression(spec.test ?? type.defaultTest) ||
    Boolean(spec.metrics?.length)
  );
}

/** The expressions of one attempt, in canary-checker's order (`last_result()` set: see expr/context.ts). */
async function evaluate(
  type: CheckType<unknown>,
  spec: CommonCheck,
  ctx: ExecuteContext,
  r: EvaluatedResult,
): Promise<EvaluatedResult> {
  const runnerFailed = !r.pass;
  if (!isEmptyExpression(spec.transform)) {
    try {
      await applyTransform(r, spec, environment(spec, type, r, ctx));
    } catch (err) {
      return { ...r, pass: false, invalid: true, error: `error transforming result: ${expressionError(err)}` };
    }
  }
  const env = environment(spec, type, r, ctx);
  try {
    await applyDisplay(r, spec, env);
  } catch (err) {
    if (!runnerFailed) return { ...r, pass: false, invalid: true, error: `display: ${expressionError(err)}` };
  }
  if (!runnerFailed && !r.transformed) {
    try {
      await applyTest(r, (spec.test ?? type.defaultTest) as Expression | undefined, env, () => testFailure(r));
    } catch (err) {
      return { ...r, pass: false, invalid: true, error: `test: ${expressionError(err)}` };
    }
  }
  try {
    r.metrics.push(...evaluateMetrics(spec, env));
  } catch (err) {
    r.metricsError = `metrics: ${expressionError(err)}`;
  }
  return r;
}

/** The previous result for `last_result()`, read once per run and only when an expression calls it. */
async function previousResult(spec: object, ctx: ExecuteContext): Promise<Record<string, unknown>> {
  if (!ctx.lastResult || !usesLastResult(spec)) return {};
  return { ...(await ctx.lastResult()) };
}

/** Runs one check of `type` with `spec` (the check's YAML object) and returns its result. */
export async function executeCheck(type: string, spec: unknown, ctx: ExecuteContext): Promise<CheckResult> {
  if (isJunitSuite(type, spec)) return runJunitSuite(spec, ctx, executeCheck);
  const checkType = checkTypeFor(type) as CheckType<unknown> | undefined;
  if (!checkType) return invalid(`check type "${type}" is not supported`);
  const parsed = parseSpec(checkType, spec);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || type}: ${i.message}`);
    return invalid(`invalid ${type} check: ${issues.join('; ')}`);
  }
  const check = parsed.data as CommonCheck;
  let previous: Record<string, unknown>;
  const readsLast = usesLastResult(spec as object);
  try {
    previous = await previousResult(spec as object, ctx);
  } catch (err) {
    return invalid(`last_result(): reading the previous result failed: ${expressionError(err)}`);
  }
  const policy = retryPolicy(ctx.retries, check.retries);
  if (policy?.delayMs) await sleep(policy.delayMs, ctx.signal);
  const startedAt = Date.now();
  let attempts = 0;
  let r: EvaluatedResult;
  for (;;) {
    attempts++;
    r = await attempt(checkType, check, ctx, previous, readsLast);
    if (r.pass || r.invalid || !policy || ctx.signal?.aborted || !canRetry(policy, attempts, startedAt)) break;
    const remaining = policy.timeoutMs > 0 ? policy.timeoutMs - (Date.now() - startedAt) : Number.POSITIVE_INFINITY;
    await sleep(Math.max(0, Math.min(policy.intervalMs, remaining)), ctx.signal);
  }
  if (policy) {
    r.data.retries = {
      attempts,
      retries: attempts - 1,
      elapsedMillis: Date.now() - startedAt,
      ...(policy.maxRetries !== undefined ? { maxRetries: policy.maxRetries } : {}),
    };
  }
  const message = r.message || (r.pass ? '' : (r.error ?? 'failed'));
  // a metric that cannot be evaluated is reported even on a passing check, never dropped
  const error = r.pass ? undefined : (r.error ?? r.message);
  return {
    pass: r.pass,
    invalid: r.invalid,
    message,
    error: error && r.metricsError ? `${error}; ${r.metricsError}` : error || r.metricsError || undefined,
    duration: r.duration,
    data: r.data,
    metrics: r.metrics,
    detail: r.detail,
    labels: r.labels,
    transformed: r.transformed,
    ...(r.artifacts ? { artifacts: r.artifacts } : {}),
    attempts,
  };
}

/** One expression of a check that does not parse: the path within the check and why. */
export interface ExpressionIssue {
  path: Array<string | number>;
  message: string;
}

/**
 * Syntax errors in a check's expressions (`test`, `display`, `transform`, metric values and
 * label expressions), so a canary can be refused when it is applied rather than failing at its
 * first run. Empty when all parse.
 */
export function checkExpressionIssues(spec: unknown): ExpressionIssue[] {
  const s = (spec ?? {}) as Partial<CommonCheck>;
  const issues: ExpressionIssue[] = [];
  const tryCompile = (path: Array<string | number>, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      issues.push({ path, message: err instanceof Error ? err.message : String(err) });
    }
  };
  for (const key of ['test', 'display', 'transform'] as const) {
    const e = s[key];
    if (e) tryCompile([key], () => compileExpression(e));
  }
  s.metrics?.forEach((m, i) => {
    tryCompile(['metrics', i, 'value'], () => compileCel(m.value));
    m.labels?.forEach((l, j) => {
      if (l.valueExpr) tryCompile(['metrics', i, 'labels', j, 'valueExpr'], () => compileCel(l.valueExpr as string));
    });
  });
  return issues;
}

/** `checkExpressionIssues` as `path: message` lines (`metrics.0.value: ...`). */
export function checkExpressionErrors(spec: unknown): string[] {
  return checkExpressionIssues(spec).map((i) => `${i.path.join('.')}: ${i.message}`);
}
