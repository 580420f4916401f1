import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCert } from '../health/checks/selfSigned.js';

/**
 * A stand-in Kubernetes API server for pod logs (no cluster runs here), the pattern of
 * test/catalog/kubeApiServer.ts: TLS with its CA in the kubeconfig, a bearer token, pod lists
 * with `labelSelector`, and `GET /api/v1/namespaces/<ns>/pods/<pod>/log` honouring `container`,
 * `timestamps`, `sinceSeconds` (against its own clock) and `limitBytes` as the real API does.
 */

export interface Pod {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** container name → lines [ms, text] */
  logs: Record<string, Array<[number, string]>>;
}

export async function startKubeLogs(pods: Pod[], now: () => number, token = 'log-token') {
  const requests: URL[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, message: string) =>
    json(res, code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://kube');
    requests.push(url);
    if (req.headers.authorization !== `Bearer ${token}`) return fail(res, 401, 'Unauthorized');
    const list = /^\/api\/v1\/namespaces\/([^/]+)\/pods$/.exec(url.pathname);
    if (list) {
      const selector = url.searchParams.get('labelSelector');
      const items = pods
        .filter((p) => p.namespace === list[1])
        .filter(
          (p) => !selector || selector.split(',').every((t) => p.labels[t.split('=')[0] as string] === t.split('=')[1]),
        )
        .map((p) => ({
          metadata: { name: p.name, namespace: p.namespace, labels: p.labels, uid: p.name },
          spec: { containers: Object.keys(p.logs).map((name) => ({ name, image: 'x' })) },
        }));
      return json(res, 200, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items });
    }
    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(url.pathname);
    const pod = log && pods.find((p) => p.namespace === log[1] && p.name === log[2]);
    if (!pod) return fail(res, 404, `pods "${log?.[2]}" not found`);
    const containers = Object.keys(pod.logs);
    const container = url.searchParams.get('container') ?? (containers.length === 1 ? containers[0] : undefined);
    const lines = container ? pod.logs[container] : undefined;
    if (!lines) return fail(res, 400, `a container name must be specified for pod ${pod.name}`);
    const since = Number(url.searchParams.get('sinceSeconds') ?? '0');
    const stamps = url.searchParams.get('timestamps') === 'true';
    let text = lines
      .filter(([t]) => !since || t >= now() - since * 1000)
      .map(([t, m]) => `${stamps ? `${new Date(t).toISOString().replace('Z', '000000Z')} ` : ''}${m}\n`)
      .join('');
    const limitBytes = Number(url.searchParams.get('limitBytes') ?? '0');
    if (limitBytes) text = text.slice(0, limitBytes);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(text);
  };
  const tls = selfSignedCert();
  const server = createServer({ cert: tls.cert, key: tls.key }, handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    `clusters: [{name: stand-in, cluster: {server: "${url}", certificate-authority-data: ${Buffer.from(tls.cert).toString('base64')}}}]`,
    `users: [{name: tester, user: {token: ${token}}}]`,
    'contexts: [{name: stand-in, context: {cluster: stand-in, user: tester}}]',
    'current-context: stand-in',
  ].join('\n');
  return {
    url,
    kubeconfig,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
