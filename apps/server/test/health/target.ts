import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Prometheus-compatible HTTP target for engine tests: `/<name>/api/v1/query` answers a
 * one-sample vector, fails with 500 while `failing` holds the name, and never answers while
 * `hanging` holds it. Counts requests per name.
 */
export interface Target {
  url: string;
  hits: Map<string, number>;
  failing: Set<string>;
  hanging: Set<string>;
  close(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  const hits = new Map<string, number>();
  const failing = new Set<string>();
  const hanging = new Set<string>();
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').split('/')[1] ?? '';
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (hanging.has(name)) return; // never answers
    if (failing.has(name)) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: 'success',
        data: { resultType: 'vector', result: [{ metric: { job: name }, value: [Date.now() / 1000, '1'] }] },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    failing,
    hanging,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Canary document with one prometheus check per name against the target. */
export function promCanary(target: Target, name: string, checks: string[] = [name], schedule = '@every 1m') {
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name, namespace: 'test' },
    spec: {
      schedule,
      prometheus: checks.map((c) => ({ name: c, url: `${target.url}/${c}`, query: 'up', timeout: 2 })),
    },
  };
}
