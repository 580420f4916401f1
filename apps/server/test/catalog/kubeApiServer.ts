import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCert } from '../health/checks/selfSigned.js';

/**
 * A stand-in Kubernetes API server for tests (no cluster can run here): over TLS with its own
 * CA in the kubeconfig and a bearer token, it speaks the real REST
 * protocol the official client uses — discovery (/api/v1, /apis/<group>/<version>), lists of
 * cluster-scoped and namespaced kinds with labelSelector and limit/continue paging, and watches
 * (`?watch=true&resourceVersion=N`: a chunked stream of `{"type","object"}` lines, starting
 * after N) — from an in-memory store that tests change with add/modify/remove.
 */

export interface KubeKind {
  group: string; // '' for the core group
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export const KINDS: KubeKind[] = [
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false },
  { group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true },
  { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true },
  { group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true },
  { group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet', plural: 'replicasets', namespaced: true },
];

type Obj = {
  kind: string;
  apiVersion?: string;
  metadata: Record<string, unknown> & { name: string; namespace?: string; uid: string };
  [k: string]: unknown;
};

interface Watcher {
  kind: KubeKind;
  namespace?: string;
  res: ServerResponse;
}

export interface KubeApiServer {
  url: string;
  token: string;
  kubeconfig: string;
  /** Requests seen, as `METHOD path?query`. */
  requests: string[];
  add(o: Obj): void;
  modify(o: Obj): void;
  remove(kind: string, uid: string): void;
  /** Watch streams open now. */
  watchers(): number;
  close(): Promise<void>;
}

const apiVersionOf = (k: KubeKind) => (k.group ? `${k.group}/${k.version}` : k.version);

export async function startKubeApiServer(initial: Obj[], token = 'stand-in-token'): Promise<KubeApiServer> {
  let rv = 1;
  const store = new Map<string, Obj>(); // uid -> object
  const history: Array<{ rv: number; type: string; object: Obj }> = [];
  const watchers = new Set<Watcher>();
  const requests: string[] = [];
  const kindOf = (name: string) => KINDS.find((k) => k.kind === name);
  const stamp = (o: Obj) => {
    rv++;
    const kind = kindOf(o.kind) as KubeKind;
    return { ...o, apiVersion: apiVersionOf(kind), metadata: { ...o.metadata, resourceVersion: String(rv) } };
  };
  const publish = (type: string, object: Obj) => {
    history.push({ rv, type, object });
    for (const w of watchers) {
      if (w.kind.kind !== object.kind || (w.namespace && w.namespace !== object.metadata.namespace)) continue;
      w.res.write(`${JSON.stringify({ type, object })}\n`);
    }
  };
  for (const o of initial) store.set(o.metadata.uid, stamp(o));

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, reason: string, message: string) =>
    json(res, code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code });

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${token}`) return fail(res, 401, 'Unauthorized', 'Unauthorized');
    const p = url.pathname;
    // discovery
    const disc = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))$/.exec(p);
    if (disc) {
      const group = disc[2] ?? '';
      const version = disc[1] ?? disc[3];
      const resources = KINDS.filter((k) => k.group === group && k.version === version);
      if (!resources.length) return fail(res, 404, 'NotFound', 'the server could not find the requested resource');
      return json(res, 200, {
        kind: 'APIResourceList',
        groupVersion: group ? `${group}/${version}` : version,
        resources: resources.map((k) => ({
          name: k.plural,
          singularName: k.kind.toLowerCase(),
          namespaced: k.namespaced,
          kind: k.kind,
          verbs: ['get', 'list', 'watch'],
        })),
      });
    }
    const m = /^\/(?:api\/v1|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(p);
    const kind = m && KINDS.find((k) => k.plural === m[4] && k.group === (m[1] ?? ''));
    if (!m || !kind) return fail(res, 404, 'NotFound', 'the server could not find the requested resource');
    const namespace = m[3];
    const selector = url.searchParams.get('labelSelector');
    const selected = (o: Obj) =>
      o.kind === kind.kind &&
      (!namespace || o.metadata.namespace === namespace) &&
      (!selector ||
        selector.split(',').every((t) => {
          const [k, v] = t.split('=');
          return (o.metadata.labels as Record<string, string> | undefined)?.[k as string] === v;
        }));
    if (url.searchParams.get('watch') === 'true') {
      const from = Number(url.searchParams.get('resourceVersion') ?? '0');
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      res.flushHeaders(); // a real API server answers at once, before any event
      for (const h of history)
        if (h.rv > from && selected(h.object)) res.write(`${JSON.stringify({ type: h.type, object: h.object })}\n`);
      const w: Watcher = { kind, namespace, res };
      watchers.add(w);
      res.on('close', () => watchers.delete(w));
      return;
    }
    const all = [...store.values()].filter(selected).sort((a, b) => a.metadata.uid.localeCompare(b.metadata.uid));
    const limit = Number(url.searchParams.get('limit') ?? '0') || all.length;
    const start = Number(url.searchParams.get('continue') ?? '0');
    const items = all.slice(start, start + limit);
    const next = start + limit < all.length ? String(start + limit) : undefined;
    return json(res, 200, {
      kind: `${kind.kind}List`,
      apiVersion: apiVersionOf(kind),
      metadata: { resourceVersion: String(rv), ...(next ? { continue: next } : {}) },
      items,
    });
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
    token,
    kubeconfig,
    requests,
    add(o) {
      const s = stamp(o);
      store.set(o.metadata.uid, s);
      publish('ADDED', s);
    },
    modify(o) {
      const s = stamp(o);
      store.set(o.metadata.uid, s);
      publish('MODIFIED', s);
    },
    remove(kindName, uid) {
      const o = store.get(uid);
      if (!o || o.kind !== kindName) return;
      store.delete(uid);
      rv++;
      publish('DELETED', { ...o, metadata: { ...o.metadata, resourceVersion: String(rv) } });
    },
    watchers: () => watchers.size,
    async close() {
      for (const w of watchers) w.res.end();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
