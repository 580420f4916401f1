import { resourceHealth } from '../../resourceHealth.js';
import { def, type LibFunc, record, str } from './types.js';

/**
 * Kubernetes helpers (canary-checker's `k8s.*` and `IsHealthy`/`GetStatus`/`GetHealth`): resource
 * quantities, and health read from an object's status (health/checks/lib/kubeHealth.ts).
 */

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/** A Kubernetes quantity (`10Ki`, `1.5G`, `500m`, `2`) as a plain number. */
export function quantity(text: string): number {
  const m = /^([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)([A-Za-z]*)$/.exec(text.trim());
  const factor = m ? (BINARY[m[2] as string] ?? DECIMAL[m[2] as string]) : undefined;
  if (!m || factor === undefined) throw new Error(`invalid quantity ${JSON.stringify(text)}`);
  return Number(m[1]) * factor;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : record(v);

function health(v: unknown) {
  const r = obj(v);
  const h = resourceHealth(r);
  const phase = (r.status as { phase?: string } | undefined)?.phase;
  const status = phase ?? h.status.charAt(0).toUpperCase() + h.status.slice(1);
  return { health: h.status, status, ready: h.ready, message: h.message, ok: h.status === 'healthy' };
}

type Containers = { resources?: Record<string, Record<string, string>> }[];

function podResources(pod: unknown, kind: 'limits' | 'requests', resource: string): number {
  const containers = ((obj(pod).spec as { containers?: Containers } | undefined)?.containers ?? []) as Containers;
  let total = 0;
  for (const c of containers) {
    const q = c.resources?.[kind]?.[resource];
    if (q !== undefined) total += resource === 'cpu' ? Math.round(quantity(q) * 1000) : quantity(q);
  }
  return resource === 'memory' ? Math.trunc(total / 2 ** 20) : total;
}

function labels(v: unknown): Record<string, string> {
  const meta = (obj(v).metadata ?? {}) as { namespace?: string; labels?: Record<string, string> };
  const out: Record<string, string> = {};
  if (meta.namespace) out.namespace = meta.namespace;
  for (const [k, val] of Object.entries(meta.labels ?? {})) if (!k.endsWith('-hash')) out[k] = val;
  return out;
}

function podProperties(v: unknown): Record<string, unknown> {
  const p = obj(v) as {
    metadata?: { namespace?: string; creationTimestamp?: string };
    spec?: { nodeName?: string; containers?: { image?: string }[] };
  };
  return {
    image: p.spec?.containers?.[0]?.image ?? '',
    cpu: podResources(v, 'limits', 'cpu'),
    memory: podResources(v, 'limits', 'memory'),
    node: p.spec?.nodeName ?? '',
    'created-at': p.metadata?.creationTimestamp ?? '',
    namespace: p.metadata?.namespace ?? '',
  };
}

function nodeProperties(v: unknown): Record<string, unknown> {
  const n = obj(v) as {
    metadata?: { labels?: Record<string, string> };
    status?: { capacity?: Record<string, string> };
  };
  const cap = n.status?.capacity ?? {};
  return {
    cpu: cap.cpu ? quantity(cap.cpu) : 0,
    memory: cap.memory ? Math.trunc(quantity(cap.memory) / 2 ** 20) : 0,
    'ephemeral-storage': cap['ephemeral-storage'] ? Math.trunc(quantity(cap['ephemeral-storage']) / 2 ** 20) : 0,
    zone: n.metadata?.labels?.['topology.kubernetes.io/zone'] ?? '',
  };
}

export const kubernetesFuncs: LibFunc[] = [
  def(['k8s.cpuAsMillicores'], 1, (q) => Math.round(quantity(str(q)) * 1000)),
  def(['k8s.memoryAsBytes'], 1, (q) => Math.trunc(quantity(str(q)))),
  def(['k8s.getHealth', 'GetHealth'], 1, health),
  def(['k8s.getStatus', 'GetStatus'], 1, (v) => health(v).status),
  def(['k8s.isHealthy', 'IsHealthy', 'isHealthy'], 1, (v) => health(v).ok),
  def(['k8s.isReady', 'IsReady'], 1, (v) => health(v).ready),
  def(['k8s.labels'], 1, labels),
  def(['k8s.getResourcesLimit'], 2, (p, r) => podResources(p, 'limits', str(r))),
  def(['k8s.getResourcesRequests'], 2, (p, r) => podResources(p, 'requests', str(r))),
  def(['k8s.podProperties'], 1, podProperties),
  def(['k8s.nodeProperties'], 1, nodeProperties),
];
