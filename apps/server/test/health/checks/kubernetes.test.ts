import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kubernetesCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubernetesCheck } from '../../../src/health/checks/kubernetes.js';
import { type HttpPeer, type PeerReply, startHttpPeer } from './httpPeer.js';
import { runnerContext } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

const TOKEN = 'test-token';
const namespaces: { metadata: { name: string; labels: Record<string, string> }; status: object }[] = [
  { metadata: { name: 'shop', labels: { team: 'shop' } }, status: { phase: 'Active' } },
  { metadata: { name: 'kube-system', labels: {} }, status: { phase: 'Active' } },
];
const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
const pods = [
  { metadata: { name: 'cart-1', namespace: 'shop', labels: { app: 'cart' } }, status: ready },
  {
    metadata: { name: 'cart-2', namespace: 'shop', labels: { app: 'cart' } },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [
        { name: 'cart', ready: false, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } } },
      ],
    },
  },
  { metadata: { name: 'coredns-1', namespace: 'kube-system', labels: { app: 'dns' } }, status: ready },
];
const deployments = [
  {
    metadata: { name: 'checkout', namespace: 'shop', labels: {} },
    spec: { replicas: 2 },
    status: { replicas: 2, readyReplicas: 2, updatedReplicas: 2, availableReplicas: 2 },
  },
];

/** `a=b,c=d` equality selectors, as the API server applies them. */
function selected(labels: Record<string, string>, selector: string | null): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [k, v] = term.split('=');
    return labels[k as string] === v;
  });
}
const status = (code: number, reason: string, message: string): PeerReply => ({
  status: code,
  json: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message, reason, code },
});
const list = (kind: string, items: { metadata: { labels: Record<string, string> } }[], selector: string | null) => ({
  json: {
    kind: `${kind}List`,
    apiVersion: 'v1',
    metadata: {},
    items: items.filter((i) => selected(i.metadata.labels, selector)),
  },
});

// A Kubernetes API server peer: discovery, namespace/pod lists with label selectors, deployment get.
let api: HttpPeer;
let kubeconfig: string;
const cert = selfSignedCert();
beforeAll(async () => {
  api = await startHttpPeer((req) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return status(401, 'Unauthorized', 'Unauthorized');
    const selector = req.query.get('labelSelector');
    const p = req.path;
    if (p === '/api/v1') {
      return {
        json: {
          kind: 'APIResourceList',
          groupVersion: 'v1',
          resources: [
            { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list'] },
            {
              name: 'namespaces',
              singularName: 'namespace',
              namespaced: false,
              kind: 'Namespace',
              verbs: ['get', 'list'],
            },
          ],
        },
      };
    }
    if (p === '/apis/apps/v1') {
      return {
        json: {
          kind: 'APIResourceList',
          groupVersion: 'apps/v1',
          resources: [
            {
              name: 'deployments',
              singularName: 'deployment',
              namespaced: true,
              kind: 'Deployment',
              verbs: ['get', 'list'],
            },
          ],
        },
      };
    }
    if (p === '/api/v1/namespaces') return list('Namespace', namespaces, selector);
    if (p === '/api/v1/pods') return list('Pod', pods, selector);
    const podsIn = /^\/api\/v1\/namespaces\/([^/]+)\/pods$/.exec(p);
    if (podsIn)
      return list(
        'Pod',
        pods.filter((x) => x.metadata.namespace === podsIn[1]),
        selector,
      );
    const dep = /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/deployments\/([^/]+)$/.exec(p);
    if (dep) {
      const found = deployments.find((d) => d.metadata.namespace === dep[1] && d.metadata.name === dep[2]);
      return found
        ? { json: { kind: 'Deployment', apiVersion: 'apps/v1', ...found } }
        : status(404, 'NotFound', `deployments.apps "${dep[2]}" not found`);
    }
    return status(404, 'NotFound', 'the server could not find the requested resource');
  }, cert);
  kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    // HTTPS with a self-signed certificate the kubeconfig trusts, as a real cluster's CA
    `clusters: [{name: test, cluster: {server: "${api.url}", certificate-authority-data: ${Buffer.from(cert.cert).toString('base64')}}}]`,
    'users: [{name: test, user: {token: TOKEN}}]'.replace('TOKEN', TOKEN),
    'contexts: [{name: test, context: {cluster: test, user: test}}]',
    'current-context: test',
  ].join('\n');
});
afterAll(() => api.close());

const check = (fields: Record<string, unknown>) =>
  kubernetesCheckSchema.parse({ name: 'k8s', kind: 'Pod', kubeconfig: { value: kubeconfig }, ...fields });

describe('kubernetes check against a Kubernetes API peer', () => {
  it('fails naming the unhealthy pod in the selected namespaces', async () => {
    const out = await kubernetesCheck.run(
      check({
        namespaceSelector: { labelSelector: 'team=shop' },
        resource: { labelSelector: 'app=cart' },
        healthy: true,
      }),
      runnerContext(),
    );
    expect(out.pass).toBe(false);
    expect(out.error).toBe('Pod/shop/cart-2 is unhealthy: cart CrashLoopBackOff: back-off 5m0s');
    expect(out.data.count).toBe(2);
  });

  it('passes once the failing pod is ignored, with health on each result', async () => {
    const out = await kubernetesCheck.run(
      check({ namespaceSelector: { name: 'shop' }, ignore: ['cart-2*'], ready: true, healthy: true }),
      runnerContext(),
    );
    expect(out.pass).toBe(true);
    expect(out.data.results).toMatchObject([
      { kind: 'Pod', metadata: { name: 'cart-1' }, healthStatus: { status: 'healthy', ready: true } },
    ]);
  });

  it('reads one deployment by name, its kubeconfig from a stored connection', async () => {
    const spec = kubernetesCheckSchema.parse({
      name: 'k8s',
      kind: 'Deployment',
      connection: 'connection://default/cluster',
      namespaceSelector: { name: 'shop' },
      resource: { name: 'checkout' },
      ready: true,
    });
    const ctx = runnerContext({
      connections: {
        cluster: { name: 'cluster', namespace: 'default', type: 'kubernetes', certificate: kubeconfig, properties: {} },
      },
    });
    const out = await kubernetesCheck.run(spec, ctx);
    expect(out).toMatchObject({ pass: true, data: { count: 1 } });
    const missing = await kubernetesCheck.run({ ...spec, resource: { name: 'nope' } }, ctx);
    expect(missing.error).toBe('kubernetes Deployment: 404: deployments.apps "nope" not found');
  });

  it('fails when nothing matches and the check has no test', async () => {
    const out = await kubernetesCheck.run(check({ resource: { labelSelector: 'app=none' } }), runnerContext());
    expect(out).toMatchObject({ pass: false, error: 'no Pod resources found' });
  });

  it('loads a kubeconfig file path and reports a refused token', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kube-')), 'config');
    writeFileSync(file, kubeconfig.replace(TOKEN, 'wrong-token'));
    const out = await kubernetesCheck.run(check({ kubeconfig: { value: file } }), runnerContext());
    expect(out).toMatchObject({ pass: false, error: 'kubernetes Pod: 401: Unauthorized' });
  });

  it('refuses a server whose certificate the kubeconfig does not trust', async () => {
    const other = selfSignedCert();
    const untrusted = kubeconfig.replace(
      Buffer.from(cert.cert).toString('base64'),
      Buffer.from(other.cert).toString('base64'),
    );
    const out = await kubernetesCheck.run(check({ kubeconfig: { value: untrusted } }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/self[- ]signed|certificate/i);
  });

  it('says where a kubeconfig can come from when none is found', async () => {
    const saved = { ...process.env };
    process.env.HOME = mkdtempSync(path.join(tmpdir(), 'home-'));
    delete process.env.KUBECONFIG;
    delete process.env.KUBERNETES_SERVICE_HOST;
    try {
      const out = await kubernetesCheck.run(check({ kubeconfig: undefined }), runnerContext());
      expect(out.error).toBe(
        'kubernetes Pod: no kubeconfig: set kubeconfig or connection on the check, or KUBECONFIG for the server',
      );
    } finally {
      for (const key of ['HOME', 'KUBECONFIG', 'KUBERNETES_SERVICE_HOST']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it('needs apiVersion for kinds it does not know', () => {
    const out = kubernetesCheckSchema.safeParse({ name: 'k', kind: 'Certificate' });
    expect(out.error?.issues[0]?.path).toEqual(['apiVersion']);
    expect(
      kubernetesCheckSchema.safeParse({ name: 'k', kind: 'Certificate', apiVersion: 'cert-manager.io/v1' }).success,
    ).toBe(true);
  });
});
