import { setTimeout as sleep } from 'node:timers/promises';
import { runScope } from '../../abort.js';
import { ACTIONS } from '../../playbooks/actions/registry.js';
import type { ActionContext, ActionOutcome } from '../../playbooks/actions/types.js';
import type { AgentAction } from '../upstream/agentActions.js';
import type { UpstreamClient } from './client.js';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** Seconds a poll waits upstream for an action; the client's request timeout is 30 s. */
const POLL_WAIT_S = 20;
/** Polls at once: actions run concurrently up to this many. */
const POLLERS = 2;
const REPORT_TRIES = 5;

/** Runs one action handed over by the upstream with this OpsDeck's action types, sandbox and connections. */
export async function runAgentAction(
  action: AgentAction,
  actionContext: Omit<ActionContext, 'signal' | 'timeoutMs'>,
  shutdown: AbortSignal,
): Promise<ActionOutcome> {
  const type = ACTIONS[action.type as keyof typeof ACTIONS];
  if (!type) return { ok: false, result: {}, error: `this agent does not run ${action.type} actions` };
  const parsed = type.schema.safeParse(action.spec);
  if (!parsed.success) return { ok: false, result: {}, error: `the ${action.type} action: ${parsed.error.message}` };
  const timeoutMs = Math.max(1, action.timeout_ms);
  const scope = runScope(shutdown, timeoutMs, () => new Error(`action timed out after ${timeoutMs}ms`));
  const { signal } = scope;
  try {
    return await type.run(parsed.data as never, { ...actionContext, signal, timeoutMs });
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    return { ok: false, result: {}, error: reason instanceof Error ? reason.message : String(reason) };
  } finally {
    scope.dispose();
  }
}

/**
 * Agent mode: long-polls the upstream for playbook actions with `runsOn` this agent, runs each
 * here and answers its outcome (retried a few times; if that never lands the upstream's lease
 * passes and it hands the action out again). Artifacts stay on the agent. Ends on `shutdown`.
 */
export function startActionRunner(
  client: UpstreamClient,
  actionContext: Omit<ActionContext, 'signal' | 'timeoutMs'>,
  shutdown: AbortSignal,
  log?: Logger,
): Promise<void> {
  const report = async (action: AgentAction, outcome: ActionOutcome) => {
    const { ok, result, error } = outcome;
    for (let i = 1; i <= REPORT_TRIES && !shutdown.aborted; i++) {
      try {
        await client.reportAction(action.id, { ok, result, error });
        return;
      } catch (err) {
        if (/answered 409/.test(String(err))) return; // cancelled or timed out upstream meanwhile
        log?.warn({ err: String(err), action: action.id }, 'reporting a playbook action upstream failed');
        await sleep(1000 * i, undefined, { signal: shutdown }).catch(() => undefined);
      }
    }
  };
  const poller = async () => {
    while (!shutdown.aborted) {
      try {
        const { action } = await client.nextAction(POLL_WAIT_S);
        if (!action) continue;
        await report(action, await runAgentAction(action, actionContext, shutdown));
      } catch (err) {
        if (shutdown.aborted) return;
        log?.warn({ err: String(err) }, 'polling the upstream for playbook actions failed');
        await sleep(5000, undefined, { signal: shutdown }).catch(() => undefined);
      }
    }
  };
  return Promise.all(Array.from({ length: POLLERS }, poller)).then(() => undefined);
}
