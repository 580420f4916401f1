import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ConnectionLookup } from '../connection.js';
import { lazyDriver } from '../lazyDriver.js';

/** The Kubernetes client, loaded on first use (it alone takes most of a second to import). */
export const loadKubernetes = lazyDriver(() => import('@kubernetes/client-node'));

/** Where a spec (check, scraper) says its cluster is: inline or file kubeconfig, or a stored connection. */
export interface KubeConfigSource {
  kubeconfig?: unknown;
  connection?: string;
}

/**
 * The cluster to talk to: `kubeconfig` (a file path when it starts with `/`, else the YAML itself),
 * else a stored kubernetes `connection` (kubeconfig in its certificate or `kubeconfig` property),
 * else the process environment (KUBECONFIG, ~/.kube/config, or in-cluster service account).
 */
export async function loadKubeConfig(spec: KubeConfigSource, lookup: ConnectionLookup): Promise<KubeConfig> {
  const kc = new (await loadKubernetes()).KubeConfig();
  let source = spec.kubeconfig ? await lookup.resolveEnv(spec.kubeconfig) : undefined;
  if (!source && spec.connection) {
    const conn = await lookup.resolveConnection(spec.connection);
    source = conn.certificate || conn.properties.kubeconfig || conn.url;
    if (!source) throw new Error(`connection ${spec.connection} has no kubeconfig`);
  }
  if (!source) {
    const home = path.join(os.homedir(), '.kube', 'config');
    if (!process.env.KUBECONFIG && !process.env.KUBERNETES_SERVICE_HOST && !existsSync(home)) {
      throw new Error('no kubeconfig: set kubeconfig or connection on the check, or KUBECONFIG for the server');
    }
    kc.loadFromDefault();
  } else if (source.trim().startsWith('/')) kc.loadFromFile(source.trim());
  else kc.loadFromString(source);
  if (!kc.getCurrentCluster()) throw new Error('the kubeconfig names no current cluster');
  return kc;
}
