import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors.js';
import type { ActionOutcome } from '../../playbooks/actions/types.js';
import type { ClaimedAction } from '../../playbooks/claims.js';
import { actionContextFor } from '../../playbooks/context.js';
import { actionTimeoutMs, loadRun, prepareAction } from '../../playbooks/execute.js';
import { recordAction } from '../../playbooks/record.js';
import { maskOutcome, runSecrets } from '../../playbooks/runSecrets.js';
import { wakePlaybookWorkers } from '../../playbooks/wake.js';

/**
 * The upstream's side of playbook actions with `runsOn` an agent: the run's engine leaves them
 * (agent_id set, claims.ts skips them); the agent long-polls `GET /upstream/playbook-action`,
 * which claims one under a lease (claimed_by `agent:<id>`), renders its templates here and hands
 * it over; the agent answers `POST /upstream/playbook-action/:id` and the run continues here.
 * An agent that dies mid-action leaves a lease that passes: its next poll takes the action again.
 */

/** What the agent runs: the action type and its rendered spec. */
export interface AgentAction {
  id: string;
  run_id: string;
  name: string;
  type: string;
  spec: unknown;
  timeout_ms: number;
}

/** How long past its timeout an agent's claim holds before the action is handed out again. */
const LEASE_GRACE_MS = 60_000;
const POLL_MS = 250;

const ownerOf = (agentId: string) => `agent:${agentId}`;

async function claimOne(ctx: AppContext, agentId: string, now: Date): Promise<ClaimedAction | undefined> {
  const { rows } = await sql<ClaimedAction>`
    update playbook_run_actions a
    set status = 'running', start_time = ${now}, claimed_by = ${ownerOf(agentId)},
        lease_until = ${now}::timestamptz + ${LEASE_GRACE_MS} * interval '1 millisecond'
    where a.id in (
      select x.id from playbook_run_actions x
      join playbook_runs r on r.id = x.playbook_run_id
      where x.agent_id = ${agentId}::uuid
        -- only an agent an admin registered is handed actions (an admin may withdraw that later)
        and exists (select 1 from agents g where g.id = x.agent_id and g.admin_registered and g.deleted_at is null)
        and r.status not in ('completed', 'failed', 'cancelled', 'timed_out')
        and ((x.status in ('scheduled', 'sleeping') and x.scheduled_time <= ${now})
          or (x.status = 'running' and x.lease_until < ${now}))
      order by x.scheduled_time
      limit 1
      for update of x skip locked)
    returning a.id, a.name, a.playbook_run_id, a.action_index, a.retry_count`.execute(ctx.db.kysely);
  const claimed = rows[0];
  if (claimed) {
    await sql`update playbook_runs set status = 'running'
              where id = ${claimed.playbook_run_id} and status in ('sleeping', 'retrying')`.execute(ctx.db.kysely);
  }
  return claimed;
}

/** Claims and renders the agent's next due action; an action whose templates fail is failed here. */
async function takeOne(ctx: AppContext, agentId: string): Promise<AgentAction | undefined | 'again'> {
  const claimed = await claimOne(ctx, agentId, ctx.clock.now());
  if (!claimed) return undefined;
  const deps = { db: ctx.db, owner: ownerOf(agentId), now: () => ctx.clock.now() };
  const run = await loadRun(ctx.db, claimed.playbook_run_id);
  const action = (run?.spec as unknown as PlaybookSpec | undefined)?.actions[claimed.action_index];
  if (!run || !action) return 'again';
  const timeoutMs = actionTimeoutMs(run, action, ctx.clock.now());
  // connection use is authorized as on the server, and a failure is masked (docs/secrets.md)
  const secrets = runSecrets(ctx.db, actionContextFor(ctx), run, ctx.clock.now());
  try {
    const prepared = await prepareAction({ db: ctx.db, actionContext: secrets.context }, run, claimed, timeoutMs);
    await ctx.db.kysely
      .updateTable('playbook_run_actions')
      .set({ lease_until: new Date(ctx.clock.now().getTime() + timeoutMs + LEASE_GRACE_MS) })
      .where('id', '=', claimed.id)
      .execute();
    return {
      id: claimed.id,
      run_id: run.id,
      name: claimed.name,
      type: prepared.type,
      spec: prepared.spec,
      timeout_ms: timeoutMs,
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const outcome = await maskOutcome(ctx.db, { ok: false, result: {}, error }, secrets.known);
    await recordAction(deps, run, claimed, outcome, action.retry);
    wakePlaybookWorkers();
    return 'again';
  }
}

/** The long poll: the agent's next action, or undefined after `waitMs` (or when the caller went away). */
export async function nextAgentAction(
  ctx: AppContext,
  agentId: string,
  waitMs: number,
  gone: () => boolean,
): Promise<AgentAction | undefined> {
  const end = Date.now() + waitMs;
  for (;;) {
    const got = await takeOne(ctx, agentId);
    if (got === 'again') continue;
    if (got) return got;
    if (Date.now() + POLL_MS > end || gone()) return undefined;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** An agent's outcome for an action it holds; 409 when the action is no longer its (cancelled, timed out, re-offered). */
export async function acceptAgentOutcome(
  ctx: AppContext,
  agentId: string,
  actionId: string,
  outcome: ActionOutcome,
): Promise<{ status: string }> {
  const claimed = await ctx.db.kysely
    .selectFrom('playbook_run_actions')
    .select(['id', 'name', 'playbook_run_id', 'action_index', 'retry_count'])
    .where('id', '=', actionId)
    .where('agent_id', '=', agentId)
    .where('status', '=', 'running')
    .where('claimed_by', '=', ownerOf(agentId))
    .executeTakeFirst();
  const run = claimed && (await loadRun(ctx.db, claimed.playbook_run_id));
  if (!claimed || !run) {
    throw conflict('the action is not running on this agent (cancelled, timed out or handed out again)');
  }
  const action = (run.spec as unknown as PlaybookSpec).actions[claimed.action_index];
  const deps = { db: ctx.db, owner: ownerOf(agentId), now: () => ctx.clock.now() };
  // what the agent says is masked like a local action's outcome: the secrets its rendering
  // resolved are known again by rendering it once more
  const secrets = runSecrets(ctx.db, actionContextFor(ctx), run, ctx.clock.now());
  await prepareAction({ db: ctx.db, actionContext: secrets.context }, run, claimed, 1).catch(() => undefined);
  const masked = await maskOutcome(ctx.db, outcome, secrets.known);
  if (!(await recordAction(deps, run, claimed, masked, action?.retry))) {
    throw conflict('the action is not running on this agent any more');
  }
  wakePlaybookWorkers();
  return { status: outcome.ok ? 'completed' : 'failed' };
}
