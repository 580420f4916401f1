import type { KubernetesObjectApi } from '@kubernetes/client-node';
import { KUBERNETES_CORE_KINDS, type KubernetesCheck, kubernetesCheckSchema } from '@opsdeck/schema';
import { isEmptyExpression } from '../../expr/index.js';
import { abortable } from '../../integrations/endpoint.js';
import { loadKubeConfig, loadKubernetes } from '../../integrations/kube/config.js';
import { type ResourceHealth, resourceHealth } from '../../resourceHealth.js';
import { type CheckType, failure } from './types.js';

/** Resources summarised in the stored result detail. */
const MAX_DETAIL = 200;

type Resource = Record<string, unknown> & { metadata?: { name?: string; namespace?: string; managedFields?: unknown } };

/** `*` and `?` name globs, as in `ignore: [kube-*]`. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${body}$`);
}

/** The server's own reason from a failed API call ("pods is forbidden: ..."), not the client's dump. */
function apiErrorText(err: unknown, ApiException: typeof import('@kubernetes/client-node').ApiException): string {
  if (err instanceof ApiException) {
    let body: unknown = err.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // plain text body
      }
    }
    const message = (body as { message?: unknown } | undefined)?.message;
    return `${err.code}: ${typeof message === 'string' ? message : String(err.body).slice(0, 200)}`;
  }
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? cause.message : err.message;
  }
  return String(err);
}

async function listResources(api: KubernetesObjectApi, spec: KubernetesCheck): Promise<Resource[]> {
  const apiVersion = spec.apiVersion ?? (KUBERNETES_CORE_KINDS[spec.kind] as string);
  const ns = spec.namespaceSelector;
  let namespaces: (string | undefined)[] = [undefined]; // all namespaces (or a cluster-scoped kind)
  if (ns?.name) namespaces = [ns.name];
  else if (ns?.labelSelector || ns?.fieldSelector) {
    const list = await api.list(
      'v1',
      'Namespace',
      undefined,
      undefined,
      undefined,
      undefined,
      ns.fieldSelector,
      ns.labelSelector,
    );
    namespaces = list.items.map((n) => n.metadata?.name).filter((n): n is string => !!n);
  }
  const out: Resource[] = [];
  for (const namespace of namespaces) {
    if (spec.resource?.name) {
      const one = await api.read({ apiVersion, kind: spec.kind, metadata: { name: spec.resource.name, namespace } });
      out.push(one as Resource);
      continue;
    }
    const list = await api.list(
      apiVersion,
      spec.kind,
      namespace,
      undefined,
      undefined,
      undefined,
      spec.resource?.fieldSelector,
      spec.resource?.labelSelector,
    );
    for (const item of list.items) out.push({ apiVersion, kind: spec.kind, ...(item as Resource) });
  }
  return out;
}

/**
 * `kubernetes`: lists the selected resources, evaluates each one's health, and fails when
 * `healthy` is set and one is unhealthy, when `ready` is set and one is not ready, or when none is
 * found and the check has no test. Expressions see `results` (the resources, each with
 * `healthStatus`) and `count`.
 */
export const kubernetesCheck: CheckType<KubernetesCheck> = {
  type: 'kubernetes',
  endpoint: (spec) =>
    [
      spec.kind,
      spec.namespaceSelector?.name ?? spec.namespaceSelector?.labelSelector,
      spec.resource?.name ?? spec.resource?.labelSelector,
    ]
      .filter(Boolean)
      .join('/'),
  schema: kubernetesCheckSchema,
  defaultTimeoutMs: 30_000,
  async run(spec, ctx) {
    let resources: Resource[];
    try {
      const kc = await loadKubeConfig(spec, ctx);
      const api = (await loadKubernetes()).KubernetesObjectApi.makeApiClient(kc);
      resources = await abortable(ctx.signal, listResources(api, spec));
    } catch (err) {
      return failure(new Error(`kubernetes ${spec.kind}: ${apiErrorText(err, (await loadKubernetes()).ApiException)}`));
    }
    const ignore = (spec.ignore ?? []).map(globToRegExp);
    const kept = resources.filter((r) => !ignore.some((re) => re.test(r.metadata?.name ?? '')));
    const problems: string[] = [];
    const results = kept.map((r) => {
      const plain = JSON.parse(JSON.stringify(r)) as Resource; // dates as ISO strings, no class instances
      if (plain.metadata) delete plain.metadata.managedFields;
      const health: ResourceHealth = resourceHealth(plain);
      plain.healthStatus = health;
      const id = [spec.kind, plain.metadata?.namespace, plain.metadata?.name].filter(Boolean).join('/');
      const why = health.message ? `: ${health.message}` : '';
      if (spec.healthy && health.status === 'unhealthy') problems.push(`${id} is unhealthy${why}`);
      else if (spec.ready && !health.ready) problems.push(`${id} is not ready${why}`);
      return plain;
    });
    const data = { results, count: results.length };
    // history keeps a short summary of at most MAX_DETAIL resources; expressions see them all
    const detail = {
      resources: results.slice(0, MAX_DETAIL).map((r) => ({
        name: r.metadata?.name,
        namespace: r.metadata?.namespace,
        health: (r.healthStatus as ResourceHealth).status,
        ready: (r.healthStatus as ResourceHealth).ready,
      })),
      ...(results.length > MAX_DETAIL ? { total: results.length } : {}),
    };
    const metrics = [{ name: 'resources', value: results.length }];
    if (problems.length) {
      const error = problems.slice(0, 5).join('; ') + (problems.length > 5 ? ` (and ${problems.length - 5} more)` : '');
      return { pass: false, error, message: error, data, detail, metrics };
    }
    if (!results.length && isEmptyExpression(spec.test)) {
      const error = `no ${spec.kind} resources found`;
      return { pass: false, error, message: error, data, detail, metrics };
    }
    return { pass: true, message: `${results.length} ${spec.kind} resources`, data, detail, metrics };
  },
};
