import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../events/queue.js';
import { settlePlaybookSend } from '../notifications/send.js';
import type { ActionOutcome } from './actions/types.js';
import { checksum } from './actions/workdir.js';
import {
  doneActions,
  leasedAction,
  planStep,
  type RecordedAction,
  type Step,
  stepActionRows,
  stepRunStatus,
} from './advance.js';
import type { ClaimedAction, ClaimedWithRun } from './claims.js';
import { backoffMs, type RunRow, takenLeaseMs } from './execute.js';
import './tables.js';

/**
 * Storing an action's outcome and taking its run's next step. The step is decided first (from
 * the run's rows as the executor read them: a run has one action in flight, so only a cancel or
 * a timeout changes them meanwhile, and both take the claim, which fences the write), then one
 * statement writes the outcome, the run row and the step's action rows. A worker with a free
 * hand takes the next action in that statement too, and runs it without claiming or loading it.
 */

export interface RecordDeps {
  db: Db;
  owner: string;
  now(): Date;
  /** Take the next action at once, leased for its timeout and this grace (a worker that runs it now). */
  takeNext?: { leaseGraceMs: number };
}

/** The outcome was stored; `next` is the run's next action when this owner took it. */
export interface Recorded {
  next?: ClaimedWithRun;
}

/** Stores an action's outcome under the claim of `deps.owner`; answers false when the claim was lost. */
export async function recordAction(
  deps: RecordDeps,
  run: RunRow,
  claimed: ClaimedAction,
  outcome: ActionOutcome,
  retry: PlaybookSpec['actions'][number]['retry'],
): Promise<Recorded | false> {
  const { db } = deps;
  const now = deps.now();
  const retrying = !outcome.ok && !!retry && claimed.retry_count < retry.limit;
  const status = retrying ? 'sleeping' : outcome.ok ? 'completed' : 'failed';
  const wakeAt = retrying ? new Date(now.getTime() + backoffMs(retry, claimed.retry_count)) : null;
  const written: RecordedAction = {
    name: claimed.name,
    status,
    result: outcome.result,
    error: outcome.error ?? null,
    action_index: claimed.action_index,
  };
  const before = (run.actions ?? (await doneActions(db.kysely, run.id))).filter(
    (a) => a.action_index !== claimed.action_index,
  );
  const done = [...before, written].sort((a, b) => a.action_index - b.action_index);
  const step: Step | undefined = retrying ? undefined : await planStep(db.kysely, run, done);
  const spec = run.spec as unknown as PlaybookSpec;
  const nextSpec = step?.next ? spec.actions[step.next.action_index] : undefined;
  // the next action is taken here only when it is due now and runs on this server
  const take = !!deps.takeNext && step?.next?.delayMs === 0 && !step.next.agentId && !!nextSpec;
  const leaseMs = takenLeaseMs(run, nextSpec, now, deps.takeNext?.leaseGraceMs ?? 0);
  const rows = (step ? stepActionRows(run.id, step, now) : []).map((r) =>
    take && r.action_index === step?.next?.action_index
      ? {
          ...r,
          status: 'running',
          start_time: now,
          claimed_by: deps.owner,
          lease_until: new Date(now.getTime() + leaseMs),
        }
      : { ...r, claimed_by: null, lease_until: null },
  );
  const ending = step?.end;
  const write = async (ex: Executor) => {
    const { rows: out } = await sql<{ updated: boolean; held: boolean; next_id: string | null }>`
      with updated as (
        update playbook_run_actions
        set status = ${status}, retry_count = retry_count + ${retrying ? 1 : 0},
            scheduled_time = coalesce(${wakeAt}::timestamptz, scheduled_time),
            end_time = coalesce(${retrying ? null : now}::timestamptz, end_time),
            result = ${JSON.stringify(outcome.result)}::jsonb, error = ${outcome.error ?? null}, lease_until = null
        where id = ${claimed.id} and status = 'running' and claimed_by = ${deps.owner}
        returning id),
      held as (
        update playbook_runs
        set status = ${retrying ? 'retrying' : stepRunStatus(step as Step)},
            end_time = case when ${!!ending} then ${now}::timestamptz else end_time end,
            error = case when ${!!ending} then ${ending?.error ?? null} else error end
        where id = ${run.id} and status in ('running', 'sleeping', 'retrying', 'waiting')
          and exists (select 1 from updated)
        returning id),
      added as (
        insert into playbook_run_actions (playbook_run_id, name, action_index, status, agent_id, scheduled_time,
                                          start_time, end_time, claimed_by, lease_until)
        select ${run.id}::uuid, s.name, s.action_index, s.status, s.agent_id, s.scheduled_time,
               s.start_time, s.end_time, s.claimed_by, s.lease_until
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(name text, action_index int, status text,
          agent_id uuid, scheduled_time timestamptz, start_time timestamptz, end_time timestamptz, claimed_by text,
          lease_until timestamptz)
        where exists (select 1 from held)
        returning id, status)
      select exists (select 1 from updated) as updated, exists (select 1 from held) as held,
        (select id from added where status = 'running') as next_id`.execute(ex);
    return out[0];
  };
  // artifacts and a notification send to settle are written with the outcome, in one transaction
  const extra = (!retrying && !!outcome.artifacts?.length) || (!!ending && !!run.notification_send_id);
  const row = !extra
    ? await write(db.kysely)
    : await db.kysely.transaction().execute(async (trx) => {
        const r = await write(trx);
        if (!r?.updated) return r;
        for (const a of retrying ? [] : (outcome.artifacts ?? [])) {
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
        // a run started by a notification completes its send
        if (r.held && ending && run.notification_send_id)
          await settlePlaybookSend(trx, run.notification_send_id, ending.status === 'completed', ending.error);
        return r;
      });
  if (!row?.updated) return false; // cancelled or taken over meanwhile
  if (!row.next_id || !step?.next) return {};
  return { next: leasedAction(run, row.next_id, step.next, done, step.skipped) };
}
