import type { KubeConfig, KubernetesObjectApi, V1APIResource } from '@kubernetes/client-node';
import { type KubernetesScraper, kubernetesScraperSchema, parseDuration } from '@opsdeck/schema';
import { loadKubeConfig, loadKubernetes } from '../../integrations/kube/config.js';
import { clusterDocument, type EventRules, eventChange, type KubeObject, objectDocument } from './lib/kubeObjects.js';
import { lastTouched } from './lib/kubeRelationships.js';
import type { ExternalChange, ScrapeContext, ScrapedDocument, ScraperType } from './types.js';

/**
 * Lists the cluster's objects through @kubernetes/client-node (a `kubeconfig`, a stored
 * `connection`, or the server's own: KUBECONFIG, ~/.kube/config or in-cluster credentials):
 * every kind of `watch` (default: the common cluster, workload and network kinds the API server
 * knows), in `namespace` (all when empty) by `selector` and `fieldSelector`, a page of 500 at a
 * time, `maxInflight` kinds at once; then its events, which become changes (lib/kubeObjects.ts).
 * Between scrapes, lib/kubeWatch.ts keeps the items current from the same lists.
 */

export const DEFAULT_KINDS: ReadonlyArray<{ apiVersion: string; kind: string }> = [
  { apiVersion: 'v1', kind: 'Namespace' },
  { apiVersion: 'v1', kind: 'Node' },
  { apiVersion: 'v1', kind: 'Pod' },
  { apiVersion: 'v1', kind: 'Service' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  { apiVersion: 'apps/v1', kind: 'DaemonSet' },
  { apiVersion: 'batch/v1', kind: 'Job' },
  { apiVersion: 'batch/v1', kind: 'CronJob' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
];

const PAGE = 500;

/** A client that also tells a kind's resource (plural, namespaced) from discovery. */
export async function kubeClient(
  kc: KubeConfig,
): Promise<KubernetesObjectApi & { resourceOf(apiVersion: string, kind: string): Promise<V1APIResource | undefined> }> {
  const k8s = await loadKubernetes();
  class Client extends k8s.KubernetesObjectApi {
    resourceOf(apiVersion: string, kind: string) {
      return this.resource(apiVersion, kind);
    }
  }
  return kc.makeApiClient(Client);
}

/** The server's reason of a failed call ("pods is forbidden: ..."), else the error's message. */
export function kubeErrorText(err: unknown): string {
  const body = (err as { body?: unknown }).body;
  try {
    const parsed = typeof body === 'string' ? JSON.parse(body) : body;
    if (parsed && typeof (parsed as { message?: unknown }).message === 'string')
      return (parsed as { message: string }).message;
  } catch {
    // not JSON: the message below
  }
  return (err as Error).message;
}

export async function scraperKubeConfig(spec: KubernetesScraper, ctx: ScrapeContext): Promise<KubeConfig> {
  // the kubernetes check reads the same two fields (kubeconfig, connection) through the same loader
  return loadKubeConfig(spec, ctx);
}

export function eventRules(spec: KubernetesScraper): EventRules {
  return {
    excludeReasons: spec.event?.exclusions?.reason ?? [],
    warn: spec.event?.severityKeywords?.warn ?? [],
    error: spec.event?.severityKeywords?.error ?? [],
  };
}

/** Whether `exclusions` leave an object out. */
export function excludedObject(o: KubeObject, spec: KubernetesScraper): boolean {
  const x = spec.exclusions;
  if (!x) return false;
  const match = (patterns: string[] | undefined, value: string | undefined) =>
    !!value &&
    (patterns ?? []).some((p) =>
      new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(value),
    );
  const labels = o.metadata?.labels ?? {};
  return (
    match(x.name, o.metadata?.name) ||
    match(x.namespace, o.metadata?.namespace) ||
    match(x.kind, o.kind) ||
    Object.entries(x.labels ?? {}).some(([k, v]) => labels[k] === v)
  );
}

const plain = (o: unknown): unknown => JSON.parse(JSON.stringify(o));

/** An event's times as an object's, for `since`: when it last happened or was created. */
const eventTimes = (e: unknown): KubeObject => {
  const ev = plain(e) as KubeObject & { lastTimestamp?: string; eventTime?: string };
  return { metadata: { creationTimestamp: ev.lastTimestamp ?? ev.eventTime ?? ev.metadata?.creationTimestamp } };
};

/** Runs `fn` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const kubernetesScraper: ScraperType<KubernetesScraper> = {
  type: 'kubernetes',
  schema: kubernetesScraperSchema,
  async scrape(spec, ctx) {
    const kc = await scraperKubeConfig(spec, ctx);
    const client = await kubeClient(kc);
    const errors: string[] = [];
    const explicit = !!spec.watch?.length;
    const kinds = spec.watch?.length ? spec.watch : DEFAULT_KINDS;
    const objects: KubeObject[] = [];
    await pool(kinds, spec.maxInflight ?? 64, async ({ apiVersion, kind }) => {
      ctx.signal.throwIfAborted();
      try {
        const resource = await client.resourceOf(apiVersion, kind);
        if (!resource) {
          if (explicit) errors.push(`${apiVersion} ${kind}: the API server does not serve this kind`);
          return;
        }
        // scope: only namespaced kinds, only cluster-scoped ones, or both
        if (spec.scope === 'namespaced' && !resource.namespaced) return;
        if (spec.scope === 'cluster' && resource.namespaced) return;
        const namespace = resource.namespaced ? spec.namespace || undefined : undefined;
        let token: string | undefined;
        do {
          const page = await client.list(
            apiVersion,
            kind,
            namespace,
            undefined,
            undefined,
            undefined,
            spec.fieldSelector,
            spec.selector,
            PAGE,
            token,
          );
          // plain JSON: the client turns timestamps into Date objects
          for (const o of page.items) objects.push({ ...(plain(o) as KubeObject), apiVersion, kind });
          token = page.metadata?._continue || undefined;
        } while (token);
      } catch (err) {
        if (!explicit && (err as { code?: number }).code === 404) return;
        errors.push(`${apiVersion} ${kind}: ${kubeErrorText(err)}`);
      }
    });
    const namespaces = new Map<string, string>();
    for (const o of objects)
      if (o.kind === 'Namespace' && o.metadata?.name && o.metadata.uid) namespaces.set(o.metadata.name, o.metadata.uid);
    const documents: ScrapedDocument[] = [clusterDocument(spec.clusterName)];
    // since: only objects created or modified in the window (the rest stay as stored)
    const sinceMs = spec.since ? parseDuration(spec.since) : undefined;
    const from = sinceMs === undefined ? undefined : ctx.now().getTime() - sinceMs;
    for (const o of objects) {
      if (excludedObject(o, spec)) continue;
      if (from !== undefined && (lastTouched(o) ?? 0) < from) continue;
      documents.push(objectDocument(o, spec.clusterName, namespaces, spec.relationships));
    }
    const changes: ExternalChange[] = [];
    try {
      const rules = eventRules(spec);
      let token: string | undefined;
      do {
        const page = await client.list(
          'v1',
          'Event',
          spec.namespace || undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          PAGE,
          token,
        );
        for (const e of page.items) {
          if (from !== undefined && (lastTouched(eventTimes(e)) ?? 0) < from) continue;
          const change = eventChange(plain(e) as KubeObject, rules);
          if (change) changes.push(change);
        }
        token = page.metadata?._continue || undefined;
      } while (token);
    } catch (err) {
      errors.push(`v1 Event: ${kubeErrorText(err)}`);
    }
    return { documents, errors, changes, ...(from !== undefined ? { incomplete: true } : {}) };
  },
};
