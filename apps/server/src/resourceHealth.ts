/**
 * Health and readiness of a Kubernetes resource, read from its status the way `kubectl` and
 * Argo's health checks read it: workloads by replica counts and rollout conditions, pods by phase,
 * container states and the Ready condition, nodes, jobs, claims and namespaces by their own
 * status, anything else by a `Ready` condition when it has one.
 */
export type HealthStatus = 'healthy' | 'unhealthy' | 'progressing' | 'unknown';

export interface ResourceHealth {
  status: HealthStatus;
  ready: boolean;
  message: string;
}

type Obj = Record<string, unknown>;
interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

const FATAL_WAITING = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
]);

const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : fallback);
const conditions = (status: Obj): Condition[] =>
  Array.isArray(status.conditions) ? (status.conditions as Condition[]) : [];
const condition = (status: Obj, type: string) => conditions(status).find((c) => c.type === type);
const healthy = (message = ''): ResourceHealth => ({ status: 'healthy', ready: true, message });
const unhealthy = (message: string): ResourceHealth => ({ status: 'unhealthy', ready: false, message });
const progressing = (message: string): ResourceHealth => ({ status: 'progressing', ready: false, message });

export function resourceHealth(resource: Obj): ResourceHealth {
  const spec = obj(resource.spec);
  const status = obj(resource.status);
  switch (resource.kind) {
    case 'Pod':
      return podHealth(status);
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
      return replicasHealth(spec, status);
    case 'DaemonSet': {
      const desired = num(status.desiredNumberScheduled);
      const ready = num(status.numberReady);
      return ready >= desired ? healthy(`${ready}/${desired} ready`) : progressing(`${ready}/${desired} ready`);
    }
    case 'Node': {
      const ready = condition(status, 'Ready');
      if (ready?.status === 'True') return healthy(ready.message ?? '');
      return unhealthy(ready?.message || ready?.reason || 'node is not ready');
    }
    case 'Job': {
      if (condition(status, 'Failed')?.status === 'True') {
        const c = condition(status, 'Failed');
        return unhealthy(c?.message || c?.reason || 'job failed');
      }
      if (condition(status, 'Complete')?.status === 'True') return healthy('completed');
      return progressing(`${num(status.active)} active`);
    }
    case 'PersistentVolumeClaim':
      if (status.phase === 'Bound') return healthy('bound');
      if (status.phase === 'Lost') return unhealthy('claim lost its volume');
      return progressing(String(status.phase ?? 'pending'));
    case 'Namespace':
      return status.phase === 'Terminating' ? progressing('terminating') : healthy(String(status.phase ?? 'Active'));
    case 'Service': {
      if (spec.type !== 'LoadBalancer') return healthy();
      const ingress = obj(status.loadBalancer).ingress;
      return Array.isArray(ingress) && ingress.length ? healthy() : progressing('waiting for a load balancer address');
    }
    default: {
      const ready = condition(status, 'Ready') ?? condition(status, 'Available');
      if (!ready) return { status: 'unknown', ready: true, message: '' };
      if (ready.status === 'True') return healthy(ready.message ?? '');
      return ready.status === 'False'
        ? unhealthy(ready.message || ready.reason || `${ready.type} is False`)
        : progressing(ready.message || ready.reason || `${ready.type} is Unknown`);
    }
  }
}

function podHealth(status: Obj): ResourceHealth {
  const containers = [
    ...(Array.isArray(status.initContainerStatuses) ? status.initContainerStatuses : []),
    ...(Array.isArray(status.containerStatuses) ? status.containerStatuses : []),
  ] as Obj[];
  for (const c of containers) {
    const waiting = obj(obj(c.state).waiting);
    if (typeof waiting.reason === 'string' && FATAL_WAITING.has(waiting.reason)) {
      const detail = typeof waiting.message === 'string' && waiting.message ? `: ${waiting.message}` : '';
      return unhealthy(`${String(c.name)} ${waiting.reason}${detail}`);
    }
  }
  switch (status.phase) {
    case 'Succeeded':
      return healthy('completed');
    case 'Failed':
      return unhealthy(String(status.message || status.reason || 'pod failed'));
    case 'Running': {
      const ready = condition(status, 'Ready');
      return ready?.status === 'True' ? healthy() : progressing(ready?.message || 'containers are not ready');
    }
    default: {
      const scheduled = condition(status, 'PodScheduled');
      if (scheduled?.status === 'False') return progressing(scheduled.message || 'not scheduled');
      return progressing(String(status.phase ?? 'Pending'));
    }
  }
}

function replicasHealth(spec: Obj, status: Obj): ResourceHealth {
  const desired = num(spec.replicas, 1);
  const ready = num(status.readyReplicas);
  const updated = num(status.updatedReplicas, ready);
  const rollout = condition(status, 'Progressing');
  if (rollout?.reason === 'ProgressDeadlineExceeded')
    return unhealthy(rollout.message || 'rollout exceeded its deadline');
  const available = condition(status, 'Available');
  if (available?.status === 'False' && desired > 0 && ready === 0) {
    return unhealthy(available.message || 'no replicas available');
  }
  const text = `${ready}/${desired} ready`;
  if (ready >= desired && updated >= desired) return healthy(text);
  return progressing(text);
}
