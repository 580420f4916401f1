import { z } from 'zod';
import { checkSchema, envVarSchema } from './common.js';
import { requiredString } from './required.js';

/** Kinds whose apiVersion is known, so `apiVersion` may be left out. */
export const KUBERNETES_CORE_KINDS: Record<string, string> = {
  Pod: 'v1',
  Service: 'v1',
  Node: 'v1',
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Endpoints: 'v1',
  Event: 'v1',
  PersistentVolume: 'v1',
  PersistentVolumeClaim: 'v1',
  ServiceAccount: 'v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Ingress: 'networking.k8s.io/v1',
};

const selectorSchema = z.strictObject({
  name: z.string().min(1).optional(),
  labelSelector: z.string().min(1).optional(),
  fieldSelector: z.string().min(1).optional(),
});

/**
 * `kubernetes`: list resources of `kind` in the namespaces picked by `namespaceSelector`
 * (all when unset), narrowed by `resource` selectors and `ignore` name globs. `ready: true` fails
 * when a resource is not ready, `healthy: true` when one is unhealthy; with no test, finding no
 * resource fails. The cluster comes from `kubeconfig` (file path or content), a `connection`, or
 * the process environment (KUBECONFIG, in-cluster).
 */
export const kubernetesCheckSchema = checkSchema({
  kind: requiredString('kind'),
  apiVersion: z.string().min(1).optional(),
  namespaceSelector: selectorSchema.optional(),
  resource: selectorSchema.optional(),
  ignore: z.array(z.string().min(1)).optional(),
  ready: z.boolean().optional(),
  healthy: z.boolean().optional(),
  kubeconfig: envVarSchema.optional(),
  connection: z.string().min(1).optional(),
}).refine((c) => !!c.apiVersion || Object.hasOwn(KUBERNETES_CORE_KINDS, c.kind), {
  message: 'apiVersion is required for this kind (known without it: Pod, Deployment, Service, ...)',
  path: ['apiVersion'],
});
export type KubernetesCheck = z.infer<typeof kubernetesCheckSchema>;
