import type { PlaybookSpec } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { settlePlaybookSend } from '../notifications/send.js';
import type { ClaimedRun, ClaimedWithRun } from './claims.js';
import { delayMs, shouldRun, usesEnv } from './conditions.js';
import { loadTargets, loadUser } from './env.js';
import { actionAgent } from './runsOn.js';
import './tables.js';

/**
 * One step of a claimed run, inside the claim's transaction: skip the actions whose `if` says so,
 * schedule the next one (after its `delay`), or finish the run when none is left. Because the
 * step and the claim commit together, a run step is taken exactly once whatever crashes.
 */

interface DoneAction {
  name: string;
  status: string;
  result: unknown;
  error: string | null;
}

/** The env of `if` and `delay` (and of templates, with the action added by the executor). */
export async function runEnv(db: Executor, run: ClaimedRun, done: DoneAction[]): Promise<Record<string, unknown>> {
  const spec = run.spec as unknown as PlaybookSpec;
  const playbook =
    run.playbook ??
    (await db
      .selectFrom('playbooks')
      .select(['id', 'name', 'namespace', 'title'])
      .where('id', '=', run.playbook_id)
      .executeTakeFirst());
  const env: Record<string, unknown> = {};
  for (const e of spec.env ?? []) env[e.name as string] = e.value ?? '';
  const actions: Record<string, unknown> = {};
  for (const a of done) actions[a.name] = { status: a.status, result: a.result ?? {}, error: a.error ?? '' };
  return {
    ...(await loadTargets(db, run)),
    playbook: playbook ?? { id: run.playbook_id },
    run: { id: run.id, parameters: run.parameters ?? {}, start_time: run.start_time },
    params: run.parameters ?? {},
    env,
    user: (run.user !== undefined ? run.user : await loadUser(db, run.created_by)) ?? {},
    request: run.request ?? {},
    actions,
  };
}

/** An action row of a run as steps and templates read it. */
export type RecordedAction = DoneAction & { action_index: number };

export async function doneActions(db: Executor, runId: string): Promise<RecordedAction[]> {
  return db
    .selectFrom('playbook_run_actions')
    .select(['name', 'status', 'result', 'error', 'action_index'])
    .where('playbook_run_id', '=', runId)
    .orderBy('action_index')
    .execute() as Promise<RecordedAction[]>;
}

/**
 * The action rows of run `runId` as one JSON array (what doneActions answers), for a statement
 * that reads more. `written` names a CTE of the same statement that updated row `id` and returns
 * its columns: its new values stand in for the row, which the statement's snapshot shows as before.
 */
export function recordedActionsJson(
  runId: RawBuilder<unknown> | string,
  written?: { id: string; cte: string },
): RawBuilder<RecordedAction[]> {
  const rows = written
    ? sql`select name, status, result, error, action_index from playbook_run_actions
          where playbook_run_id = ${runId}::uuid and id <> ${written.id}::uuid
          union all select name, status, result, error, action_index from ${sql.table(written.cte)}`
    : sql`select name, status, result, error, action_index from playbook_run_actions
          where playbook_run_id = ${runId}::uuid`;
  return sql<RecordedAction[]>`(
    select coalesce(jsonb_agg(jsonb_build_object('name', a.name, 'status', a.status, 'result', a.result,
                                                 'error', a.error, 'action_index', a.action_index)
                              order by a.action_index), '[]'::jsonb)
    from (${rows}) a)`;
}

/** A run's next step: the actions it skips, then the one it schedules or how the run ends. */
export interface Step {
  skipped: Array<{ name: string; action_index: number }>;
  next?: { name: string; action_index: number; delayMs: number; agentId: string | null };
  end?: { status: 'completed' | 'failed'; error: string | null };
}

/**
 * Decides a run's next step from its action rows `done` (read only: targets, user and agents
 * for an `if`, `delay` or `runsOn`), so that the caller may write it with what it writes anyway.
 */
export async function planStep(db: Executor, run: ClaimedRun, recorded: RecordedAction[]): Promise<Step> {
  const spec = run.spec as unknown as PlaybookSpec;
  const done = [...recorded];
  const skipped: Step['skipped'] = [];
  let next = done.length ? Math.max(...done.map((d) => d.action_index)) + 1 : 0;
  try {
    while (next < spec.actions.length) {
      const action = spec.actions[next];
      if (!action) break;
      const prior = {
        anyFailed: done.some((d) => d.status === 'failed'),
        anyTimedOut: done.some((d) => d.status === 'failed' && /timed out/.test(d.error ?? '')),
      };
      // the env (targets and user read from the database) only for an `if` or `delay` in CEL
      const env = usesEnv(action) ? await runEnv(db, run, done) : {};
      if (!shouldRun(action.if, prior, env)) {
        skipped.push({ name: action.name, action_index: next });
        done.push({ name: action.name, status: 'skipped', result: null, error: null, action_index: next });
        next++;
        continue;
      }
      const delay = delayMs(action.delay, env);
      // an action with runsOn an agent waits for that agent's poll (upstream/agentActions.ts)
      const agentId = await actionAgent(db, spec, action);
      return { skipped, next: { name: action.name, action_index: next, delayMs: delay, agentId } };
    }
  } catch (err) {
    // a bad `if` or `delay` fails the run with the reason, it does not stall it
    const message = `action ${spec.actions[next]?.name}: ${err instanceof Error ? err.message : String(err)}`;
    return { skipped, end: { status: 'failed', error: message } };
  }
  const failed = done.find((d) => d.status === 'failed');
  const error = failed ? `action ${failed.name}: ${failed.error ?? 'failed'}` : null;
  return { skipped, end: { status: failed ? 'failed' : 'completed', error } };
}

/** The run status a step leaves: sleeping until a delayed action, running, or how it ended. */
export function stepRunStatus(step: Step): string {
  if (step.end) return step.end.status;
  return step.next && step.next.delayMs > 0 ? 'sleeping' : 'running';
}

/** The action rows a step inserts (skipped ones, then the next one scheduled or sleeping). */
export function stepActionRows(runId: string, step: Step, now: Date) {
  const rows = step.skipped.map((s) => ({
    agent_id: null as string | null,
    name: s.name,
    status: 'skipped',
    playbook_run_id: runId,
    action_index: s.action_index,
    scheduled_time: now,
    start_time: now as Date | null,
    end_time: now as Date | null,
  }));
  if (step.next)
    rows.push({
      agent_id: step.next.agentId,
      name: step.next.name,
      status: step.next.delayMs > 0 ? 'sleeping' : 'scheduled',
      playbook_run_id: runId,
      action_index: step.next.action_index,
      scheduled_time: new Date(now.getTime() + step.next.delayMs),
      start_time: null,
      end_time: null,
    });
  return rows;
}

/** Take the action a step schedules at once (due now, on this server): leased to `owner` until `leaseUntil`. */
export interface TakeStep {
  owner: string;
  leaseUntil(actionIndex: number): Date;
}

/** What a step did: whether it scheduled an action, and the one it took for the caller to run. */
export interface Advanced {
  scheduled: boolean;
  taken?: ClaimedWithRun;
}

/**
 * Advances a claimed run by one step. `recorded` is the run's action rows when the caller has
 * just read them under the run row's lock. With `take`, the scheduled action is inserted running
 * under the caller's lease (as the outcome write takes the next one), so no claim follows.
 */
export async function advanceRun(
  db: Executor,
  run: ClaimedRun,
  now: Date,
  recorded?: RecordedAction[],
  take?: TakeStep,
): Promise<Advanced> {
  const done = recorded ?? (await doneActions(db, run.id));
  const step = await planStep(db, run, done);
  const next = step.next;
  const takes = !!take && !!next && next.delayMs === 0 && !next.agentId;
  const rows = stepActionRows(run.id, step, now).map((r) =>
    takes && r.action_index === next?.action_index
      ? {
          ...r,
          status: 'running',
          start_time: now,
          claimed_by: take?.owner ?? null,
          lease_until: take?.leaseUntil(r.action_index) ?? null,
        }
      : { ...r, claimed_by: null, lease_until: null },
  );
  let takenId: string | undefined;
  if (rows.length) {
    const inserted = await db.insertInto('playbook_run_actions').values(rows).returning(['id', 'status']).execute();
    takenId = inserted.find((r) => r.status === 'running')?.id;
  }
  if (step.end) {
    await db
      .updateTable('playbook_runs')
      .set({ status: step.end.status, end_time: now, error: step.end.error })
      .where('id', '=', run.id)
      .execute();
    // a run started by a notification completes its send
    if (run.notification_send_id)
      await settlePlaybookSend(db, run.notification_send_id, step.end.status === 'completed', step.end.error);
    return { scheduled: false };
  }
  if (stepRunStatus(step) === 'sleeping')
    await db.updateTable('playbook_runs').set({ status: 'sleeping' }).where('id', '=', run.id).execute();
  if (!takenId || !next) return { scheduled: true };
  return { scheduled: true, taken: leasedAction(run, takenId, next, done, step.skipped) };
}

/**
 * The action a step inserted running under the caller's lease, with its run as the claim
 * answers it (the actions done so far and the ones the step skipped), so no claim or load follows.
 */
export function leasedAction(
  run: ClaimedRun,
  id: string,
  next: { name: string; action_index: number },
  done: readonly RecordedAction[],
  skipped: ReadonlyArray<{ name: string; action_index: number }>,
): ClaimedWithRun {
  const skippedRows: RecordedAction[] = skipped.map((s) => ({
    name: s.name,
    status: 'skipped',
    result: null,
    error: null,
    action_index: s.action_index,
  }));
  return {
    id,
    name: next.name,
    playbook_run_id: run.id,
    action_index: next.action_index,
    retry_count: 0,
    leased: true,
    run: {
      ...run,
      status: 'running',
      actions: [...done, ...skippedRows].sort((x, y) => x.action_index - y.action_index),
    },
  };
}
