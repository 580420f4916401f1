import { z } from 'zod';
import { envVarSchema, unsupportedField } from '../../canary/checks/common.js';
import { parseDuration } from '../../time/duration.js';
import { relationshipLookupSchema, scraperSchema } from '../base.js';
import { MANAGED_CLUSTER } from './exec.js';

/** A kind the kubernetes scraper lists and watches. */
export const kubernetesResourceSchema = z.strictObject({
  apiVersion: z.string({ error: 'apiVersion is required' }).min(1, 'apiVersion is required'),
  kind: z.string({ error: 'kind is required' }).min(1, 'kind is required'),
});

/**
 * A relationship template: each object links to the objects of `kind` named `name` (in
 * `namespace`, any namespace when unset), each a static value, a JSONPath, `{label}` of the
 * object or `{expr}` CEL over the object's fields; a lookup answering '' skips the template.
 */
export const kubernetesRelationshipSchema = z.strictObject({
  kind: relationshipLookupSchema,
  name: relationshipLookupSchema,
  namespace: relationshipLookupSchema.optional(),
});
export type KubernetesRelationship = z.infer<typeof kubernetesRelationshipSchema>;

/** Kinds a scrape lists: namespaced ones only, cluster-scoped ones only, or both (default). */
export const KUBERNETES_SCOPES = ['namespaced', 'cluster', 'all'] as const;

/**
 * The `kubernetes` scraper: lists the kinds of `watch` (default: the common workload, network and
 * cluster kinds) in `namespace` (all when empty) matching `selector` / `fieldSelector`, through a
 * `kubeconfig`, a stored `connection`, or the server's own (KUBECONFIG, ~/.kube/config or
 * in-cluster); owner references become relationships and events become changes. Between
 * scrapes, a watch keeps the items current.
 */
export const kubernetesScraperSchema = scraperSchema({
  clusterName: z.string({ error: 'clusterName is required' }).min(1, 'clusterName is required'),
  namespace: z.string().optional(),
  selector: z.string().optional(),
  fieldSelector: z.string().optional(),
  kubeconfig: envVarSchema.optional(),
  connection: z.string().optional(),
  eks: unsupportedField(MANAGED_CLUSTER),
  gke: unsupportedField(MANAGED_CLUSTER),
  cnrm: unsupportedField(MANAGED_CLUSTER),
  watch: z.array(kubernetesResourceSchema).optional(),
  exclusions: z
    .strictObject({
      name: z.array(z.string()).optional(),
      namespace: z.array(z.string()).optional(),
      kind: z.array(z.string()).optional(),
      labels: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  event: z
    .strictObject({
      exclusions: z
        .strictObject({
          reason: z.array(z.string()).optional(),
          name: unsupportedField('event exclusions by name are not supported yet: exclude by reason'),
          namespace: unsupportedField('event exclusions by namespace are not supported yet: exclude by reason'),
        })
        .optional(),
      severityKeywords: z
        .strictObject({ warn: z.array(z.string()).optional(), error: z.array(z.string()).optional() })
        .optional(),
    })
    .optional(),
  /** Requests in flight at once (default 64). */
  maxInflight: z.number().int().positive().optional(),
  useCache: z.boolean().optional(),
  allowIncomplete: z.boolean().optional(),
  scope: z.enum(KUBERNETES_SCOPES, { error: 'expected namespaced, cluster or all' }).optional(),
  /** Only objects created or modified within this duration; the scrape then deletes nothing unseen. */
  since: z
    .string()
    .refine((v) => parseDuration(v) !== undefined, { message: 'expected a duration such as 30m or 24h' })
    .optional(),
  relationships: z.array(kubernetesRelationshipSchema).optional(),
});
export type KubernetesScraper = z.infer<typeof kubernetesScraperSchema>;
