/**
 * The JSON text of `checks_summary` items, written by hand so that the parts of a check that only
 * an edit changes are rendered once and reused; a 10,000-check reply is then mostly string joins
 * instead of building and stringifying 10,000 objects. Keys come in the order of the reference
 * (and of the CheckSummary type): the definition head, status, uptime, latency, created/updated,
 * the optional definition fields, then the optional state times.
 */

/** A check's definition as the summary query reads it. */
export interface CheckRow {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  type: string;
  owner: string | null;
  severity: string | null;
  labels: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

/** What a run (or a silence) changes, in epoch milliseconds. */
export interface CheckState {
  status: 'healthy' | 'unhealthy' | null;
  lastRuntime: number | null;
  nextRuntime: number | null;
  lastTransition: number | null;
  silencedAt: number | null;
  /** The times' rendered JSON and the times it was rendered from, kept while they are unchanged. */
  json?: { times: readonly [number | null, number | null, number | null, number | null]; text: string };
}

/** Uptime counts and latency percentiles of a check over the window. */
export interface WindowStats {
  passed: number;
  failed: number;
  p95?: number | undefined;
  p97?: number | undefined;
  p99?: number | undefined;
}

const str = JSON.stringify;

/** Label values are strings on the wire; other JSON values are sent as their JSON text. */
function stringLabels(labels: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels ?? {})) {
    if (v !== null && v !== undefined) out[k] = typeof v === 'string' ? v : str(v);
  }
  return out;
}

const optional = (key: string, v: string | null | undefined) =>
  v === null || v === undefined ? '' : `,"${key}":${str(v)}`;

/** The definition parts of a check's item: before its status, and after its latency. */
export function checkJson(c: CheckRow): { head: string; tail: string } {
  const head =
    `{"id":${str(c.id)},"canary_id":${str(c.canary_id)},"canary_name":${str(c.canary_name)},` +
    `"canary_namespace":${str(c.canary_namespace)},"agent_id":${str(c.agent_id)},"name":${str(c.name)},` +
    `"namespace":${str(c.namespace)},"type":${str(c.type)},"labels":${str(stringLabels(c.labels))},"status":`;
  const tail =
    `,"created_at":${str(c.created_at.toISOString())},"updated_at":${str(c.updated_at.toISOString())}` +
    optional('description', c.description) +
    optional('endpoint', c.endpoint) +
    optional('icon', c.icon) +
    optional('owner', c.owner) +
    optional('severity', c.severity);
  return { head, tail };
}

const time = (key: string, ms: number | null) => (ms === null ? '' : `,"${key}":"${new Date(ms).toISOString()}"`);

/** The state times of an item, rendered again only when the state changed. */
function stateJson(s: CheckState): string {
  const t = s.json?.times;
  if (t && t[0] === s.lastRuntime && t[1] === s.nextRuntime && t[2] === s.lastTransition && t[3] === s.silencedAt) {
    return (s.json as { text: string }).text;
  }
  const text =
    time('last_runtime', s.lastRuntime) +
    time('next_runtime', s.nextRuntime) +
    time('last_transition_time', s.lastTransition) +
    time('silenced_at', s.silencedAt);
  s.json = { times: [s.lastRuntime, s.nextRuntime, s.lastTransition, s.silencedAt], text };
  return text;
}

// a percentile of only null durations comes back as null: left out, like undefined
const percentile = (key: string, v: number | null | undefined) =>
  v === undefined || v === null ? '' : `"${key}":${v},`;

/** One `checks_summary` item. */
export function itemJson(check: { head: string; tail: string; state: CheckState }, s: WindowStats | undefined): string {
  const status = check.state.status === null ? 'null' : `"${check.state.status}"`;
  // rolling1h is always 0 on the reference's wire (its Go type drops the view's value)
  const latency = s
    ? `{${percentile('p95', s.p95)}${percentile('p97', s.p97)}${percentile('p99', s.p99)}"rolling1h":0}`
    : '{"rolling1h":0}';
  return (
    `${check.head}${status},"uptime":{"passed":${s?.passed ?? 0},"failed":${s?.failed ?? 0}},"latency":${latency}` +
    `${check.tail}${stateJson(check.state)}}`
  );
}
