import type { LogBackendSpec } from '@opsdeck/schema';
import { badRequest, DomainError } from '../../errors.js';
import { loadKubernetes } from '../../integrations/kube/config.js';
import { textMatcher, toLogLine } from '../lines.js';
import type { BackendPage, FoundLine, LogBackend, LogSearch } from '../types.js';
import { LogBackendError } from '../types.js';

type Spec = NonNullable<LogBackendSpec['kubernetes']>;

/** Most of one container's log read per search (the API's limitBytes). */
const LIMIT_BYTES = 16 * 1024 * 1024;
const MAX_PODS = 50;
const LABEL = /^[A-Za-z0-9._/-]+$/;

/** `[ts, key]`: lines older than it (by time, then pod, container and line) come next. */
type Cursor = [number, string];

/**
 * Pod logs through the Kubernetes API (official client): the pods of a namespace matching the
 * selector (plus the request's labels), each container's log since the range's start with
 * timestamps, cut to the range and the text, newest first.
 */
export function kubernetesBackend(spec: Spec, labels: Record<string, string>): LogBackend {
  return {
    async search(q: LogSearch): Promise<BackendPage> {
      const k8s = await loadKubernetes();
      const kc = new k8s.KubeConfig();
      if (spec.kubeconfig?.trim()) kc.loadFromString(spec.kubeconfig);
      else kc.loadFromDefault();
      const api = kc.makeApiClient(k8s.CoreV1Api);
      const terms = spec.selector ? [spec.selector] : [];
      for (const [k, v] of Object.entries(q.labels)) {
        if (!LABEL.test(k) || !LABEL.test(v)) throw badRequest(`labels.${k}: not a Kubernetes label`);
        terms.push(`${k}=${v}`);
      }
      const cursor = q.cursor ? (JSON.parse(q.cursor) as Cursor) : undefined;
      const before = (ts: number, key: string) => !cursor || ts < cursor[0] || (ts === cursor[0] && key < cursor[1]);
      const matches = textMatcher(q.query);
      // a minute's slack: the API server counts from when each request lands; lines are cut to the range here
      const sinceSeconds = Math.ceil((q.now - q.start) / 1000) + 60;
      const found: FoundLine[] = [];
      let total = 0;
      try {
        const pods = await api.listNamespacedPod({
          namespace: spec.namespace,
          ...(terms.length ? { labelSelector: terms.join(',') } : {}),
          limit: MAX_PODS,
        });
        for (const pod of pods.items) {
          const name = pod.metadata?.name as string;
          const containers = (pod.spec?.containers ?? [])
            .map((c) => c.name)
            .filter((c) => !spec.container || c === spec.container);
          for (const container of containers) {
            if (q.signal.aborted) throw q.signal.reason;
            const text = await api.readNamespacedPodLog({
              name,
              namespace: spec.namespace,
              container,
              timestamps: true,
              sinceSeconds,
              limitBytes: LIMIT_BYTES,
            });
            const own = { ...labels, ...pod.metadata?.labels, namespace: spec.namespace, pod: name, container };
            for (const [i, raw] of String(text).split('\n').entries()) {
              const sp = raw.indexOf(' ');
              const ts = Date.parse(raw.slice(0, sp));
              if (sp < 0 || Number.isNaN(ts) || ts < q.start || ts > q.end) continue;
              const message = raw.slice(sp + 1);
              if (!matches(message)) continue;
              total++;
              const key = `${name}/${container}:${String(i).padStart(9, '0')}`;
              if (!before(ts, key)) continue;
              found.push({ ts, line: toLogLine(key, message, ts, own), cursor: JSON.stringify([ts, key]) });
            }
          }
        }
      } catch (err) {
        if (q.signal.aborted || err instanceof DomainError) throw err;
        throw new LogBackendError(`Kubernetes: ${apiReason(err)}`);
      }
      found.sort((a, b) => b.ts - a.ts || (b.cursor > a.cursor ? 1 : b.cursor < a.cursor ? -1 : 0));
      return { total, lines: found.slice(0, q.limit) };
    },
  };
}

function apiReason(err: unknown): string {
  const e = err as { code?: number; body?: unknown; message?: string };
  let body = e.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // plain text
    }
  }
  return (body as { message?: string } | undefined)?.message ?? e.message ?? String(err);
}
