import { type PlaybookSpec, parseDuration } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { ACTIONS } from './actions/registry.js';
import type { ActionContext, ActionOutcome } from './actions/types.js';
import { doneActions, runEnv } from './advance.js';
import { type ClaimedAction, type ClaimedRun, type ClaimedWithRun, runColumns, timeOutRuns } from './claims.js';
import { withContentType } from './contentType.js';
import { renderDeep } from './env.js';
import { recordAction } from './record.js';
import { maskOutcome, runSecrets } from './runSecrets.js';
import { openSecrets } from './secretParams.js';
import './tables.js';

/**
 * Runs one claimed action: renders its templates, runs its type with the action's timeout (cut
 * to what is left of the run's), then records the outcome. A failure with retries left sleeps
 * for its backoff (the run shows `retrying`); otherwise the run's next step is written with the
 * outcome (record.ts). The record is fenced by the claim: an action cancelled or taken over
 * meanwhile records nothing.
 */

export const DEFAULT_ACTION_TIMEOUT_MS = 30 * 60_000;

export interface ExecuteDeps {
  db: Db;
  owner: string;
  now(): Date;
  /** Everything an action type needs but the signal and timeout. */
  actionContext: Omit<ActionContext, 'signal' | 'timeoutMs'>;
  /** Aborted on shutdown, cancel or run timeout (by the worker). */
  signal: AbortSignal;
  /** How long past its timeout an action's claim holds before another worker may take it over. */
  leaseGraceMs: number;
  /** Whether to take the run's next action with the outcome and run it at once (the worker is not stopping). */
  takeNext(): boolean;
}

export type RunRow = ClaimedRun & { status: string };

/**
 * A run with its playbook header, its starter and its action rows (earlier results for the
 * action's templates), in one statement: for an action its claim did not read with its run.
 */
export async function loadRun(db: Db, id: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`
    select r.id, r.status, ${runColumns()} from playbook_runs r where r.id = ${id}`.execute(db.kysely);
  return rows[0];
}

/** The retry wait after `retryCount` failures: duration * multiplier^n, plus up to `jitter` percent. */
export function backoffMs(retry: NonNullable<PlaybookSpec['actions'][number]['retry']>, retryCount: number): number {
  const base = parseDuration(retry.duration ?? '10s') ?? 10_000;
  const wait = base * (retry.exponent?.multiplier ?? 1) ** retryCount;
  const jitter = ((retry.jitter ?? 0) / 100) * wait * Math.random();
  return Math.round(wait + jitter);
}

/** An action ready to run: its type, its spec with templates rendered, and its timeout. */
export interface PreparedAction {
  type: keyof typeof ACTIONS;
  spec: unknown;
  timeoutMs: number;
}

/** The action's timeout: its own (default 30 min), cut to what is left of the run's. */
export function actionTimeoutMs(run: RunRow, action: PlaybookSpec['actions'][number], now: Date): number {
  const runLeftMs = run.start_time
    ? run.start_time.getTime() + Number(BigInt(run.timeout) / 1_000_000n) - now.getTime()
    : Number.POSITIVE_INFINITY;
  const own = action.timeout ? (parseDuration(action.timeout) ?? DEFAULT_ACTION_TIMEOUT_MS) : DEFAULT_ACTION_TIMEOUT_MS;
  return Math.max(1, Math.min(own, runLeftMs));
}

/**
 * The lease of an action taken with its run's step rather than claimed: its own timeout when it
 * has one (as the executor extends a claim for it), else as a claim leases it, plus `graceMs`.
 */
export function takenLeaseMs(
  run: RunRow,
  action: PlaybookSpec['actions'][number] | undefined,
  now: Date,
  graceMs: number,
): number {
  return (action?.timeout ? actionTimeoutMs(run, action, now) : DEFAULT_ACTION_TIMEOUT_MS) + graceMs;
}

/** Renders an action's templates with the run's env (params, earlier actions' results, env, secrets opened). */
export async function prepareAction(
  deps: Pick<ExecuteDeps, 'db' | 'actionContext'>,
  run: RunRow,
  claimed: ClaimedAction,
  timeoutMs: number,
): Promise<PreparedAction> {
  const { db } = deps;
  const spec = run.spec as unknown as PlaybookSpec;
  const action = spec.actions[claimed.action_index];
  if (!action) throw new Error(`the run's spec has no action ${claimed.action_index}`);
  const done = (run.actions ?? (await doneActions(db.kysely, run.id))).filter(
    (d) => d.action_index < claimed.action_index,
  );
  const env = await runEnv(db.kysely, run, done);
  for (const e of spec.env ?? [])
    (env.env as Record<string, unknown>)[e.name as string] = (await deps.actionContext.resolveEnv(e)) ?? '';
  env.action = { name: action.name, retry_count: claimed.retry_count };
  env.params = openSecrets(spec, (env.params ?? {}) as Record<string, unknown>, deps.actionContext.openSecret);
  (env.run as Record<string, unknown>).parameters = env.params;
  const type = (Object.keys(ACTIONS) as Array<keyof typeof ACTIONS>).find((t) => action[t] !== undefined);
  if (!type) throw new Error('the action has no type OpsDeck runs');
  const actionType = ACTIONS[type];
  const rendered = actionType.render ? actionType.render(action[type], env) : renderDeep(action[type], env);
  return { type, spec: withContentType(action, type, ACTIONS[type].schema.parse(rendered)), timeoutMs };
}

/**
 * Runs `claimed` of `run` (as the claim read it; loaded when not given) and records it; answers
 * the run's next action when this worker took it in the same write, to run it at once.
 */
export async function executeAction(
  deps: ExecuteDeps,
  claimed: ClaimedAction,
  given?: RunRow,
): Promise<ClaimedWithRun | undefined> {
  const { db } = deps;
  const run = given ?? (await loadRun(db, claimed.playbook_run_id));
  if (!run) return undefined;
  const spec = run.spec as unknown as PlaybookSpec;
  const action = spec.actions[claimed.action_index];
  let outcome: ActionOutcome;
  if (!action) {
    outcome = { ok: false, result: {}, error: `the run's spec has no action ${claimed.action_index}` };
  } else {
    const timeoutMs = actionTimeoutMs(run, action, deps.now());
    // the lease covers this action's own deadline: a worker that dies is replaced soon after it
    // (without a timeout of its own, the run's deadline comes first whatever the lease says)
    if (action.timeout && !claimed.leased)
      await db.kysely
        .updateTable('playbook_run_actions')
        .set({ lease_until: new Date(deps.now().getTime() + timeoutMs + deps.leaseGraceMs) })
        .where('id', '=', claimed.id)
        .where('claimed_by', '=', deps.owner)
        .execute();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`action timed out after ${timeoutMs}ms`)), timeoutMs);
    const signal = AbortSignal.any([controller.signal, deps.signal]);
    // connection use authorized for the run, and every secret it resolves masked in what is stored
    const secrets = runSecrets(db, deps.actionContext, run, deps.now());
    try {
      const prepared = await prepareAction({ db, actionContext: secrets.context }, run, claimed, timeoutMs);
      outcome = await ACTIONS[prepared.type].run(prepared.spec as never, { ...secrets.context, signal, timeoutMs });
    } catch (err) {
      const reason = signal.aborted ? signal.reason : err;
      outcome = { ok: false, result: {}, error: reason instanceof Error ? reason.message : String(reason) };
    } finally {
      clearTimeout(timer);
    }
    outcome = await maskOutcome(db, outcome, secrets.known);
  }
  if (deps.signal.aborted) return undefined; // cancelled, timed out or shutting down: the row is settled elsewhere or re-claimed
  // the run's deadline cut the action short: the run times out (not merely fails)
  const deadline = run.start_time ? run.start_time.getTime() + Number(BigInt(run.timeout) / 1_000_000n) : Infinity;
  if (deadline <= deps.now().getTime() && (await timeOutRuns(db.kysely, deps.now(), run.id)).length) return undefined;
  const takeNext = deps.takeNext() ? { leaseGraceMs: deps.leaseGraceMs } : undefined;
  const recorded = await recordAction({ ...deps, takeNext }, run, claimed, outcome, action?.retry);
  return recorded ? recorded.next : undefined;
}
