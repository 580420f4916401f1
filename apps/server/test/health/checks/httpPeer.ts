import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A request as a peer handler sees it: method, path, query and the body read in full. */
export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface PeerReply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** A local HTTP server emulating an API (Prometheus, Alertmanager, Elasticsearch, Kubernetes, S3). */
export interface HttpPeer {
  url: string;
  requests: PeerRequest[];
  close(): Promise<void>;
}

/** Starts the peer on 127.0.0.1; with `tls` (PEM cert and key) it speaks HTTPS. */
export async function startHttpPeer(
  handler: (req: PeerRequest) => PeerReply | Promise<PeerReply>,
  tls?: { cert: string; key: string },
): Promise<HttpPeer> {
  const requests: PeerRequest[] = [];
  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://peer');
    const request: PeerRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    try {
      const reply = await handler(request);
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.json !== undefined ? 'application/json' : 'text/plain',
        ...reply.headers,
      });
      res.end(body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  };
  const server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
