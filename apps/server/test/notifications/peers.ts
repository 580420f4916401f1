import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One request a local peer received. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A local HTTP server standing in for a channel's service: records requests, answers per `reply`. */
export interface HttpPeer {
  url: string;
  requests: Received[];
  reply: (req: Received) => Reply;
  close(): Promise<void>;
}

export async function startHttpPeer(
  reply: (req: Received) => Reply = () => ({ status: 200, body: { ok: true } }),
): Promise<HttpPeer> {
  const peer = { requests: [] as Received[], reply } as HttpPeer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const u = new URL(req.url ?? '/', 'http://peer');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const received: Received = {
        method: req.method ?? '',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        json,
      };
      peer.requests.push(received);
      const r = peer.reply(received);
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? {});
      res.writeHead(r.status ?? 200, {
        'content-type': typeof r.body === 'string' ? 'text/plain' : 'application/json',
        ...r.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

/** One message the SMTP peer accepted. */
export interface Mail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/** A local SMTP server (smtp-server) that accepts every message without TLS or auth. */
export async function startSmtpPeer(): Promise<{ port: number; url: string; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
