import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { settlePlaybookSend } from '../notifications/send.js';
import { type RecordedAction, recordedActionsJson } from './advance.js';
import './tables.js';

/**
 * The SQL of the run and action queues: several processes
 * share them through `FOR UPDATE SKIP LOCKED`, so no run step or action is taken twice while its
 * claim holds. An action claim is a lease: a worker that dies leaves the row `running` with a
 * lease that passes, and the next claim takes it over. Time comes from the caller's clock.
 */

export interface ClaimedRun {
  id: string;
  playbook_id: string;
  spec: Record<string, unknown>;
  status: string;
  parameters: Record<string, unknown> | null;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  created_by: string | null;
  request: Record<string, unknown> | null;
  start_time: Date | null;
  timeout: string;
  /** The notification send that started the run (a playbook recipient), settled when it ends. */
  notification_send_id: string | null;
  /** The playbook's id, name, namespace and title when the loader joined them (else runEnv reads them). */
  playbook?: Record<string, unknown> | null;
  /** The run's action rows in order, when the claim or loader read them (else the step reads them). */
  actions?: RecordedAction[];
  /** Who started the run (id, name, email; null for none) when the loader joined it (else runEnv reads it). */
  user?: Record<string, unknown> | null;
}

/**
 * The columns of a run row `r` as an action's executor reads it: the run, its playbook header,
 * its starter and its action rows, so that one statement gives an action all it renders with.
 */
export function runColumns() {
  return sql`r.playbook_id, r.spec, r.parameters, r.config_id, r.check_id, r.component_id,
    r.created_by, r.request, r.start_time, r.timeout::text as timeout, r.notification_send_id,
    (select jsonb_build_object('id', p.id, 'name', p.name, 'namespace', p.namespace, 'title', p.title)
     from playbooks p where p.id = r.playbook_id) as playbook,
    (select jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email)
     from people u where u.id = r.created_by) as "user",
    ${recordedActionsJson(sql.ref('r.id'))} as actions`;
}

/**
 * Due scheduled runs, moved to running (start_time set on the first claim), read as `runColumns`
 * (their action rows for the step that follows in the claim's transaction, and what an action
 * taken with that step renders with). Uses playbook_runs_due_idx.
 */
export async function claimRuns(db: Executor, now: Date, limit: number): Promise<ClaimedRun[]> {
  const { rows } = await sql<ClaimedRun>`
    update playbook_runs r set status = 'running', start_time = coalesce(r.start_time, ${now})
    where r.id in (
      select id from playbook_runs
      where status = 'scheduled' and scheduled_time <= ${now}
      order by scheduled_time
      limit ${limit}
      for update skip locked)
    returning r.id, r.status, ${runColumns()}`.execute(db);
  return rows;
}

export interface ClaimedAction {
  id: string;
  name: string;
  playbook_run_id: string;
  action_index: number;
  retry_count: number;
  /** Its lease already covers its own timeout (set when it was taken). */
  leased?: boolean;
}

/** A claimed action with its run as `runColumns` reads it. */
export type ClaimedWithRun = ClaimedAction & { run: ClaimedRun };

/**
 * Due actions (scheduled, or sleeping past their delay or backoff) and running ones whose lease
 * passed, moved to running under this worker's lease, with their runs; the runs leave
 * sleeping/retrying. One statement: the run rows are read as they were before it (their status
 * is running once it commits). Actions that run on an agent (agent_id set) are left for that agent's poll.
 */
export async function claimActions(
  db: Executor,
  owner: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedWithRun[]> {
  const { rows } = await sql<ClaimedAction & Omit<ClaimedRun, 'id' | 'status'>>`
    with claimed as (
      update playbook_run_actions a
      set status = 'running', start_time = ${now}, claimed_by = ${owner},
          lease_until = ${now}::timestamptz + ${leaseMs} * interval '1 millisecond'
      where a.id in (
        select x.id from playbook_run_actions x
        join playbook_runs r on r.id = x.playbook_run_id
        where r.status not in ('completed', 'failed', 'cancelled', 'timed_out')
          and x.agent_id is null
          and ((x.status in ('scheduled', 'sleeping') and x.scheduled_time <= ${now})
            or (x.status = 'running' and x.lease_until < ${now}))
        -- runs started first finish first: the next action of an older run before the first of a newer one
        order by r.created_at, x.scheduled_time
        limit ${limit}
        for update of x skip locked)
      returning a.id, a.name, a.playbook_run_id, a.action_index, a.retry_count),
    woken as (
      update playbook_runs set status = 'running'
      where id in (select playbook_run_id from claimed) and status in ('sleeping', 'retrying'))
    select c.id, c.name, c.playbook_run_id, c.action_index, c.retry_count, ${runColumns()}
    from claimed c join playbook_runs r on r.id = c.playbook_run_id`.execute(db);
  return rows.map(({ id, name, playbook_run_id, action_index, retry_count, ...run }) => ({
    id,
    name,
    playbook_run_id,
    action_index,
    retry_count,
    run: { ...run, id: playbook_run_id, status: 'running' },
  }));
}

/**
 * Runs past their timeout (counted from start_time) become timed_out, with their unfinished
 * actions failed or skipped; answers the ids. Uses playbook_runs_active_idx (the primary key
 * when `runId` names one run).
 */
export async function timeOutRuns(db: Executor, now: Date, runId?: string): Promise<string[]> {
  const { rows } = await sql<{ id: string; notification_send_id: string | null }>`
    update playbook_runs set status = 'timed_out', end_time = ${now},
      error = 'the run timed out after ' || (timeout / 1000000000)::text || 's'
    where status in ('running', 'sleeping', 'retrying', 'waiting')
      and start_time + (timeout / 1000) * interval '1 microsecond' <= ${now}
      and (${runId ?? null}::uuid is null or id = ${runId ?? null}::uuid)
    returning id, notification_send_id`.execute(db);
  if (rows.length) {
    await closeActions(
      db,
      rows.map((r) => r.id),
      now,
      'the run timed out',
    );
  }
  for (const r of rows) {
    if (r.notification_send_id)
      await settlePlaybookSend(db, r.notification_send_id, false, 'the playbook run timed out');
  }
  return rows.map((r) => r.id);
}

/** Fails the running actions of finished runs and skips their pending ones. */
export async function closeActions(db: Executor, runIds: string[], now: Date, why: string): Promise<void> {
  await sql`
    update playbook_run_actions
    set status = case when status = 'running' then 'failed' else 'skipped' end,
        error = case when status = 'running' then ${why} else error end,
        end_time = ${now}, lease_until = null
    where playbook_run_id = any(${sql.val(runIds)}::uuid[])
      and status in ('scheduled', 'sleeping', 'running', 'waiting')`.execute(db);
}

/** Of the actions this worker runs, those no longer running under its claim (cancelled, timed out, taken over). */
export async function abandonedActions(db: Executor, owner: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string }>`
    select id from playbook_run_actions
    where id = any(${sql.val(ids)}::uuid[]) and (status <> 'running' or claimed_by is distinct from ${owner})`.execute(
    db,
  );
  return rows.map((r) => r.id);
}
