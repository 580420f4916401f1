import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCert } from './selfSigned.js';

// The HTTP(S) target the http check tests talk to: plain, TLS with a self-signed certificate, and
// mutual TLS; routes for status codes, redirects, echo, basic/digest auth and an OAuth2 token endpoint.

export const serverCert = selfSignedCert({ days: 45 });
export const clientCert = selfSignedCert({ cn: 'opsdeck-client', san: 'DNS:opsdeck-client' });
/** How many times the OAuth2 token endpoint was asked. */
export const counters = { tokenRequests: 0 };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Verifies a Digest SHA-256 Authorization header independently of the client code. */
function digestOk(req: IncomingMessage): boolean {
  const h = req.headers.authorization ?? '';
  if (!h.startsWith('Digest ')) return false;
  const p = Object.fromEntries([...h.matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]+))/g)].map((m) => [m[1], m[2] ?? m[3]]));
  const ha1 = sha256(`alice:opsdeck:pa55`);
  const ha2 = sha256(`${req.method}:${p.uri}`);
  return p.response === sha256(`${ha1}:n0nce:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) && p.opaque === 'op4que';
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (code: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(code, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  };
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    switch (url.pathname) {
      case '/status':
        return send(200, JSON.stringify({ status: 'ok', items: [1, 2, 3] }), {
          'content-type': 'application/json',
          'x-app': 'shop',
        });
      case '/fail':
        return send(503, 'maintenance');
      case '/moved':
        return send(301, '', { location: '/status' });
      case '/loop':
        return send(302, '', { location: '/loop' });
      case '/slow':
        return void setTimeout(() => send(200, 'late'), 400);
      case '/echo':
        return send(
          200,
          JSON.stringify({ method: req.method, body, token: req.headers['x-token'], ua: req.headers['user-agent'] }),
          {
            'content-type': 'application/json',
          },
        );
      case '/basic': {
        const ok = req.headers.authorization === `Basic ${Buffer.from('alice:pa55').toString('base64')}`;
        return ok ? send(200, 'welcome') : send(401, 'no', { 'www-authenticate': 'Basic realm="x"' });
      }
      case '/digest':
        return digestOk(req)
          ? send(200, 'digest welcome')
          : send(401, 'no', {
              'www-authenticate':
                'Digest realm="opsdeck", qop="auth", algorithm=SHA-256, nonce="n0nce", opaque="op4que"',
            });
      case '/token': {
        counters.tokenRequests++;
        const basic = `Basic ${Buffer.from('shop-client:client-secret').toString('base64')}`;
        const form = new URLSearchParams(body);
        if (req.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials') {
          return send(401, '{"error":"invalid_client"}', { 'content-type': 'application/json' });
        }
        const token = form.get('scope') === 'read write' ? 'tok-rw' : 'tok-other';
        return send(200, JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 }), {
          'content-type': 'application/json',
        });
      }
      case '/protected':
        return req.headers.authorization === 'Bearer tok-rw' ? send(200, 'orders: 4') : send(401, 'bad token');
      default:
        return send(404, 'not found');
    }
  });
}

async function listen(s: http.Server): Promise<number> {
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  return (s.address() as AddressInfo).port;
}

export interface HttpTarget {
  base: string;
  tlsBase: string;
  mtlsBase: string;
  close(): void;
}

/** Starts the three listeners on loopback. */
export async function startHttpTarget(): Promise<HttpTarget> {
  const server = http.createServer(handle);
  const tlsServer = https.createServer({ cert: serverCert.cert, key: serverCert.key }, handle);
  const mtlsServer = https.createServer(
    { cert: serverCert.cert, key: serverCert.key, requestCert: true, rejectUnauthorized: true, ca: [clientCert.cert] },
    handle,
  );
  return {
    base: `http://127.0.0.1:${await listen(server)}`,
    tlsBase: `https://localhost:${await listen(tlsServer)}`,
    mtlsBase: `https://localhost:${await listen(mtlsServer)}`,
    close() {
      for (const s of [server, tlsServer, mtlsServer]) {
        s.closeAllConnections();
        s.close();
      }
    },
  };
}
