import { type PlaybookSpec, parseDuration } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { ACTIONS } from './actions/registry.js';
import type { ActionContext, ActionOutcome } from './actions/types.js';
import { checksum } from './actions/workdir.js';
import { advanceRun, doneActions, type RecordedAction, recordedActionsJson, runEnv } from './advance.js';
import { type ClaimedAction, type ClaimedRun, timeOutRuns } from './claims.js';
import { withContentType } from './contentType.js';
import { renderDeep } from './env.js';
import { maskOutcome, runSecrets } from './runSecrets.js';
import { openSecrets } from './secretParams.js';
import './tables.js';

/**
 * Runs one claimed action: renders its templates, runs its type with the action's timeout (cut
 * to what is left of the run's), then records the outcome. A failure with retries left sleeps
 * for its backoff (the run shows `retrying`); otherwise the run is handed back to the run
 * consumer for its next step. The record is fenced by the claim: an action cancelled or taken
 * over meanwhile records nothing.
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
}

export type RunRow = ClaimedRun & { status: string };

/**
 * A run with its playbook header and its action rows (earlier results for the action's
 * templates), in one statement: an action's executor needs all three, and this runs once per action.
 */
export async function loadRun(db: Db, id: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`
    select r.id, r.playbook_id, r.spec, r.status, r.parameters, r.config_id, r.check_id, r.component_id,
           r.created_by, r.request, r.start_time, r.timeout::text as timeout, r.notification_send_id,
           case when p.id is null then null
                else jsonb_build_object('id', p.id, 'name', p.name, 'namespace', p.namespace, 'title', p.title) end
             as playbook,
           ${recordedActionsJson(sql.ref('r.id'))} as actions
    from playbook_runs r left join playbooks p on p.id = r.playbook_id
    where r.id = ${id}`.execute(db.kysely);
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

export async function executeAction(deps: ExecuteDeps, claimed: ClaimedAction): Promise<void> {
  const { db } = deps;
  const run = await loadRun(db, claimed.playbook_run_id);
  if (!run) return;
  const spec = run.spec as unknown as PlaybookSpec;
  const action = spec.actions[claimed.action_index];
  let outcome: ActionOutcome;
  if (!action) {
    outcome = { ok: false, result: {}, error: `the run's spec has no action ${claimed.action_index}` };
  } else {
    const timeoutMs = actionTimeoutMs(run, action, deps.now());
    // the lease covers this action's own deadline: a worker that dies is replaced soon after it
    // (without a timeout of its own, the run's deadline comes first whatever the lease says)
    if (action.timeout)
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
  if (deps.signal.aborted) return; // cancelled, timed out or shutting down: the row is settled elsewhere or re-claimed
  // the run's deadline cut the action short: the run times out (not merely fails)
  const deadline = run.start_time ? run.start_time.getTime() + Number(BigInt(run.timeout) / 1_000_000n) : Infinity;
  if (deadline <= deps.now().getTime() && (await timeOutRuns(db.kysely, deps.now(), run.id)).length) return;
  await recordAction(deps, run, claimed, outcome, action?.retry);
}

/**
 * Stores an action's outcome under the claim of `deps.owner`; answers false when the claim was
 * lost. One statement writes the outcome, takes the run row (retrying, or running for its next
 * step) only when the outcome was written, and reads the run's action rows as they now stand;
 * the next step follows in the same transaction.
 */
export async function recordAction(
  deps: Pick<ExecuteDeps, 'db' | 'owner' | 'now'>,
  run: RunRow,
  claimed: ClaimedAction,
  outcome: ActionOutcome,
  retry: PlaybookSpec['actions'][number]['retry'],
): Promise<boolean> {
  const now = deps.now();
  const retrying = !outcome.ok && !!retry && claimed.retry_count < retry.limit;
  const status = retrying ? 'sleeping' : outcome.ok ? 'completed' : 'failed';
  const wakeAt = retrying ? new Date(now.getTime() + backoffMs(retry, claimed.retry_count)) : null;
  return deps.db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ updated: boolean; held: boolean; actions: RecordedAction[] | null }>`
      with updated as (
        update playbook_run_actions
        set status = ${status}, retry_count = retry_count + ${retrying ? 1 : 0},
            scheduled_time = coalesce(${wakeAt}::timestamptz, scheduled_time),
            end_time = coalesce(${retrying ? null : now}::timestamptz, end_time),
            result = ${JSON.stringify(outcome.result)}::jsonb, error = ${outcome.error ?? null}, lease_until = null
        where id = ${claimed.id} and status = 'running' and claimed_by = ${deps.owner}
        returning name, status, result, error, action_index),
      held as (
        update playbook_runs set status = ${retrying ? 'retrying' : 'running'}
        where id = ${run.id} and status in ('running', 'sleeping', 'retrying', 'waiting')
          and exists (select 1 from updated)
        returning id)
      select exists (select 1 from updated) as updated, exists (select 1 from held) as held,
        ${retrying ? sql`null` : recordedActionsJson(run.id, { id: claimed.id, cte: 'updated' })} as actions`.execute(
      trx,
    );
    const row = rows[0];
    if (!row?.updated) return false; // cancelled or taken over meanwhile
    if (!retrying) {
      for (const a of outcome.artifacts ?? []) {
        await trx
          .insertInto('artifacts')
          .values({
            playbook_run_action_id: claimed.id,
            path: a.path,
            filename: a.path.split('/').pop() ?? a.path,
            size: a.content.length,
            content_type: a.contentType,
            checksum: checksum(a.content),
            content: a.content,
          })
          .execute();
      }
    }
    // the run's next step is taken here, under the run row's lock and with the outcome, rather
    // than handed back for a claim: one transaction less per action, and still exactly once
    if (!retrying && row.held) await advanceRun(trx, run, now, row.actions ?? undefined);
    return true;
  });
}
