import type { KubernetesRelationship } from '@opsdeck/schema';
import { resourceHealth } from '../../../resourceHealth.js';
import type { DocumentAttributes, ExternalChange, ScrapedDocument } from '../types.js';
import { kubeRelationships } from './kubeRelationships.js';

/**
 * Kubernetes objects as catalog documents and events as changes (Mission Control's names): an
 * object is `Kubernetes::<Kind>` of class `<Kind>`, keyed by its uid, named by its name, tagged
 * with cluster and namespace, labelled with its labels; its controlling owner reference (else its
 * namespace, else the cluster) is its parent. An event is a change of the object it involves:
 * type = reason, severity from the event type and the severity keywords, counted by its count.
 */

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    uid?: string;
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    creationTimestamp?: string | Date;
    deletionTimestamp?: string | Date;
    ownerReferences?: Array<{ uid?: string; kind?: string; controller?: boolean }>;
    managedFields?: unknown;
    resourceVersion?: string;
  };
  [key: string]: unknown;
}

export const typeOf = (kind: string) => `Kubernetes::${kind}`;

/** The cluster's own item, root of the tree. */
export function clusterDocument(clusterName: string): ScrapedDocument {
  return {
    config: { name: clusterName },
    source: `kubernetes/${clusterName}`,
    attributes: {
      id: `cluster/${clusterName}`,
      type: typeOf('Cluster'),
      class: 'Cluster',
      name: clusterName,
      tags: { cluster: clusterName },
    },
  };
}

const date = (v: string | Date | undefined) => (v ? new Date(v) : undefined);

/**
 * One object as a document; `namespaces` maps namespace names to their uids; `relationships`
 * are the scraper's templates (lib/kubeRelationships.ts).
 */
export function objectDocument(
  o: KubeObject,
  clusterName: string,
  namespaces: Map<string, string>,
  relationships?: KubernetesRelationship[],
): ScrapedDocument {
  const meta = o.metadata ?? {};
  const kind = o.kind ?? 'Unknown';
  const { managedFields: _noise, ...metadata } = meta;
  const config = { ...o, metadata };
  const owner = meta.ownerReferences?.find((r) => r.controller) ?? meta.ownerReferences?.[0];
  let parent: DocumentAttributes['parent'];
  if (owner?.uid && owner.kind) parent = { type: typeOf(owner.kind), externalId: owner.uid };
  else if (meta.namespace && namespaces.has(meta.namespace))
    parent = { type: typeOf('Namespace'), externalId: namespaces.get(meta.namespace) as string };
  else if (kind === 'Namespace' || kind === 'Node')
    parent = { type: typeOf('Cluster'), externalId: `cluster/${clusterName}` };
  const health = resourceHealth(o as Record<string, unknown>);
  const related = kubeRelationships(o, relationships);
  return {
    config,
    source: `kubernetes/${clusterName}`,
    attributes: {
      id: meta.uid,
      type: typeOf(kind),
      class: kind,
      name: meta.name,
      status: health.message || undefined,
      health: health.status === 'progressing' ? 'warning' : health.status,
      labels: meta.labels ?? {},
      tags: { cluster: clusterName, ...(meta.namespace ? { namespace: meta.namespace } : {}) },
      createdAt: date(meta.creationTimestamp),
      deletedAt: date(meta.deletionTimestamp),
      parent,
      ...(related.relationships.length ? { relationships: related.relationships } : {}),
      ...(related.errors.length ? { errors: related.errors } : {}),
    },
  };
}

export interface EventRules {
  excludeReasons: string[];
  warn: string[];
  error: string[];
}

/** One event as a change of the object it involves, or undefined when it is excluded or names none. */
export function eventChange(e: KubeObject, rules: EventRules): ExternalChange | undefined {
  const involved = e.involvedObject as { uid?: string; kind?: string } | undefined;
  const reason = (e.reason as string | undefined) ?? 'Event';
  const uid = e.metadata?.uid;
  if (!involved?.uid || !uid || rules.excludeReasons.includes(reason)) return undefined;
  const message = (e.message as string | undefined) ?? '';
  const lower = message.toLowerCase();
  const severity = rules.error.some((k) => lower.includes(k.toLowerCase()))
    ? 'high'
    : e.type === 'Warning' || rules.warn.some((k) => lower.includes(k.toLowerCase()))
      ? 'medium'
      : 'info';
  const source = e.source as { component?: string } | undefined;
  const at = (e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp) as
    | string
    | undefined;
  const { managedFields: _noise, ...metadata } = e.metadata ?? {};
  return {
    externalId: involved.uid,
    configType: involved.kind ? typeOf(involved.kind) : undefined,
    externalChangeId: uid,
    changeType: reason,
    severity,
    source: `kubernetes/${source?.component ?? 'event'}`,
    summary: message,
    details: { ...e, metadata },
    createdAt: at ? new Date(at) : undefined,
    count: typeof e.count === 'number' ? e.count : 1,
    createdBy: source?.component,
  };
}
