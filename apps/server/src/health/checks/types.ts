import type { z } from 'zod';
import type { ConnectionLookup } from '../../integrations/connection.js';
import type { SandboxPolicy } from '../../sandbox/config.js';
import type { CheckPush } from '../push/store.js';
import type { CollectedArtifact } from './lib/artifacts.js';

/**
 * The contract every check runner in `health/checks/<type>.ts` implements. The engine owns the
 * common fields (name, labels, test, display, transform, retries, schedule); a runner only talks
 * to its target and reports what it saw.
 */

export interface CheckContext extends ConnectionLookup {
  /** Aborted on timeout or shutdown; pass it to every network call. */
  signal: AbortSignal;
  /** The deadline the engine enforces, for drivers that take a timeout instead of a signal. */
  timeoutMs: number;
  now(): Date;
  /** How code runs and which files may be read on this server (sandbox/): exec, folder, junit. */
  sandbox: SandboxPolicy;
  /** The check's previous result when its spec calls `last_result()` (for templated fields such as a SQL query). */
  previousResult?: Record<string, unknown>;
  /** The last push a webhook check received (only the engine's runs with a database have it). */
  lastPush?: () => Promise<CheckPush | undefined>;
}

/**
 * One metric of a result: a runner's observation (ssl expiry days, row count), or, with a `type`,
 * a custom metric of the check's `metrics` (or a transform) that is exported on /metrics.
 */
export interface CheckMetric {
  name: string;
  value: number;
  /** Set on custom metrics: counters add the value, gauges set it, histograms observe it. */
  type?: 'counter' | 'gauge' | 'histogram';
  labels?: Record<string, string>;
}

/** What one run of one check observed. */
export interface CheckOutcome {
  pass: boolean;
  /** The server refused to run the check (its configuration forbids it): not a target failure. */
  invalid?: boolean;
  /** Short human text (shown in history); defaults to the error when failing. */
  message?: string;
  /** Why it failed, in words a user can act on ("connect ECONNREFUSED 127.0.0.1:6380"). */
  error?: string;
  /**
   * Result variables for `test`, `display` and `transform` expressions, named as in canary-checker
   * per type: http `code`, `headers`, `content`, `json`, `sslAge`, `elapsed`; sql `results`
   * (`results.rows`, `results.count`); exec `stdout`, `stderr`, `exitCode`; and so on.
   */
  data: Record<string, unknown>;
  metrics?: CheckMetric[];
  /** Extra detail kept in check_statuses.details. */
  detail?: Record<string, unknown>;
  /** Files kept with the result (exec `artifacts`), stored in check_artifacts. */
  artifacts?: CollectedArtifact[];
}

/** A check type: its spec schema (the type-specific fields) and its runner. */
export interface CheckType<Spec = unknown> {
  type: string;
  /** Validates the type-specific part of a check; the engine merges the common fields. */
  schema: z.ZodType<Spec>;
  run(spec: Spec, ctx: CheckContext): Promise<CheckOutcome>;
  /** Default per-run timeout when the check sets none. */
  defaultTimeoutMs?: number;
  /** How many checks of this type may run at once in one process. */
  concurrency?: number;
  /** The `test` applied when the check sets none (exec: `results.exitCode == 0`). */
  defaultTest?: { expr: string };
  /** Per-run deadline from a type-specific field, when the type's `timeout` is not seconds (junit: minutes). */
  timeoutMs?(spec: Spec): number | undefined;
  /** The runner applies `thresholdMillis` itself (icmp: to the round trip, not the whole run). */
  ownsThreshold?: boolean;
  /** What the check targets, for `check.endpoint` in expressions (`https://...`, `host:port`, a path). */
  endpoint?(spec: Spec): string;
}

/** Builds a failing outcome from an error, keeping the driver's message readable. */
export function failure(err: unknown, data: Record<string, unknown> = {}): CheckOutcome {
  const error = err instanceof Error ? err.message || err.name : String(err);
  return { pass: false, error, message: error, data };
}

/** An outcome for a check this server refuses to run (exec off, a path outside the file roots). */
export function refused(message: string): CheckOutcome {
  return { pass: false, invalid: true, error: message, message, data: {} };
}
