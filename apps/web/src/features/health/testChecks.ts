import type { CheckSummary } from './types.js';

/** A check summary for tests: healthy, http, in canary 'canary', with `over` on top. */
export function buildCheck(over: Partial<CheckSummary>): CheckSummary {
  return {
    id: over.name ?? 'x',
    canary_id: 'c',
    canary_name: 'canary',
    canary_namespace: 'default',
    agent_id: '00000000-0000-0000-0000-000000000000',
    name: 'x',
    namespace: 'default',
    type: 'http',
    labels: {},
    status: 'healthy',
    uptime: { passed: 1, failed: 0 },
    latency: { rolling1h: 0 },
    ...over,
  };
}
