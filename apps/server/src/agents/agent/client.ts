import { runScope } from '../../abort.js';
import type { ActionOutcome } from '../../playbooks/actions/types.js';
import { VERSION } from '../../version.js';
import type { AgentAction } from '../upstream/agentActions.js';
import type { AssignedRow } from '../upstream/assigned.js';
import type { PushAnswer } from '../upstream/receive.js';
import type { PushTableName } from '../upstream/tables.js';
import type { UpstreamConfig } from './config.js';

type Rows = Partial<Record<PushTableName, Record<string, unknown>[]>>;

/** The agent's side of the upstream API (upstream/routes.ts), signed with the agent's access token. */
export interface UpstreamClient {
  push(data: Rows): Promise<PushAnswer>;
  delete(data: Rows): Promise<{ deleted: Partial<Record<PushTableName, number>> }>;
  ping(): Promise<{ id: string; name: string }>;
  pullCanaries(): Promise<{ canaries: AssignedRow[] }>;
  pullScrapers(): Promise<{ scrapers: AssignedRow[] }>;
  pullTopologies(): Promise<{ topologies: AssignedRow[] }>;
  /** Long poll: the next playbook action to run here, or null after `waitS` seconds. */
  nextAction(waitS: number): Promise<{ action: AgentAction | null }>;
  reportAction(id: string, outcome: Pick<ActionOutcome, 'ok' | 'result' | 'error'>): Promise<{ status: string }>;
}

const TIMEOUT_MS = 30_000;

export function upstreamClient(config: UpstreamConfig, shutdown?: AbortSignal): UpstreamClient {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const scope = runScope(
      shutdown,
      TIMEOUT_MS,
      () => new Error(`upstream did not answer within ${TIMEOUT_MS / 1000}s`),
    );
    try {
      const res = await fetch(`${config.url}${path}`, {
        method,
        signal: scope.signal,
        headers: {
          authorization: `Bearer ${config.token}`,
          'user-agent': `opsdeck-agent/${VERSION} (${config.agentName})`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`upstream ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    } finally {
      scope.dispose();
    }
  };
  return {
    push: (data) => call('POST', '/upstream/push', data),
    delete: (data) => call('DELETE', '/upstream/push', data),
    ping: () => call('GET', '/upstream/ping'),
    pullCanaries: () => call('GET', '/upstream/canary/pull'),
    pullScrapers: () => call('GET', '/upstream/scrapeconfig/pull'),
    pullTopologies: () => call('GET', '/upstream/topology/pull'),
    nextAction: (waitS) => call('GET', `/upstream/playbook-action?wait=${waitS}`),
    reportAction: (id, o) =>
      call('POST', `/upstream/playbook-action/${encodeURIComponent(id)}`, {
        ok: o.ok,
        result: o.result,
        error: o.error,
      }),
  };
}
