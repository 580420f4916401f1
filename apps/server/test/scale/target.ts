import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local HTTP server the scale test's checks, scrapers and webhook talk to. It records when
 * each path was requested: `/c/N` (checks) answer 200, `/flip/N` 500 until `flip()` then 200,
 * `/scrape/N` a JSON document for HTTP scrapers, `/hook` records a notification's JSON body.
 */
export interface ScaleTarget {
  url: string;
  /** Request times (ms since epoch) per path. */
  hits: Map<string, number[]>;
  /** Bodies posted to /hook. */
  deliveries: Array<{ title: string; check: string }>;
  flip(): void;
  close(): Promise<void>;
}

export async function startScaleTarget(): Promise<ScaleTarget> {
  const hits = new Map<string, number[]>();
  const deliveries: ScaleTarget['deliveries'] = [];
  let flipped = false;
  const server = createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://target').pathname;
    const list = hits.get(p) ?? [];
    hits.set(p, list);
    list.push(Date.now());
    if (p === '/hook') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        deliveries.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title: string; check: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    if (p.startsWith('/scrape/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: p.slice('/scrape/'.length), name: `doc ${p}` }));
      return;
    }
    const status = p.startsWith('/flip/') && !flipped ? 500 : 200;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    deliveries,
    flip: () => {
      flipped = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
