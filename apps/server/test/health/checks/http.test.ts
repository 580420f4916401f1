import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from '../../../src/health/checks/lib/digest.js';
import { executeCheck } from '../../../src/health/execute.js';
import { VERSION } from '../../../src/version.js';
import { closedPort, runnerContext } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

const serverCert = selfSignedCert({ days: 45 });
const clientCert = selfSignedCert({ cn: 'opsdeck-client', san: 'DNS:opsdeck-client' });
const sources = {
  secrets: { api: { token: 'secret-token', password: 'pa55' }, oauth: { secret: 'client-secret' } },
  connections: {
    shop: {
      name: 'shop',
      namespace: 'default',
      type: 'http',
      url: '',
      username: 'alice',
      password: 'pa55',
      properties: {},
    },
  },
};
const ctx = () => runnerContext(sources);
let base = '';
let tlsBase = '';
let mtlsBase = '';
let server: http.Server;
let tlsServer: https.Server;
let mtlsServer: https.Server;
let tokenRequests = 0;

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
        tokenRequests++;
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

beforeAll(async () => {
  server = http.createServer(handle);
  base = `http://127.0.0.1:${await listen(server)}`;
  // the connection's credentials belong to the test server's host
  sources.connections.shop.url = base;
  tlsServer = https.createServer({ cert: serverCert.cert, key: serverCert.key }, handle);
  tlsBase = `https://localhost:${await listen(tlsServer)}`;
  mtlsServer = https.createServer(
    { cert: serverCert.cert, key: serverCert.key, requestCert: true, rejectUnauthorized: true, ca: [clientCert.cert] },
    handle,
  );
  mtlsBase = `https://localhost:${await listen(mtlsServer)}`;
});
afterAll(() => {
  for (const s of [server, tlsServer, mtlsServer]) s.closeAllConnections();
  server.close();
  tlsServer.close();
  mtlsServer.close();
});

describe('http check: status, content and expressions', () => {
  it('passes on 2xx and exposes code, headers, content, json and elapsed to expressions', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'status',
        url: `${base}/status`,
        responseContent: '"ok"',
        test: {
          expr: 'code == 200 && json.items.size() == 3 && headers["X-App"] == "shop" && elapsed >= duration("0s") && elapsed.getMilliseconds() >= 0',
        },
        display: { template: '{{ .json.status }} ({{ .code }})' },
      },
      ctx(),
    );
    expect(r).toMatchObject({ pass: true, message: 'ok (200)' });
    expect(r.data.content).toBe('{"status":"ok","items":[1,2,3]}');
  });

  it('fails on an unexpected status, naming it', async () => {
    const r = await executeCheck('http', { name: 'fail', url: `${base}/fail` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`${base}/fail: response code 503 not expected (2xx)`);
    const ok = await executeCheck('http', { name: 'fail', url: `${base}/fail`, responseCodes: [503] }, ctx());
    expect(ok.pass).toBe(true);
  });

  it('fails when the body lacks responseContent or responseJSONContent differs', async () => {
    const r = await executeCheck('http', { name: 'c', url: `${base}/status`, responseContent: 'degraded' }, ctx());
    expect(r.error).toMatch(/expected response to contain "degraded"$/);
    const j = await executeCheck(
      'http',
      { name: 'j', url: `${base}/status`, responseJSONContent: { path: '$.status', value: 'down' } },
      ctx(),
    );
    expect(j.error).toMatch(/\$\.status is "ok", expected "down"$/);
  });

  it('a failing test expression fails the check', async () => {
    const r = await executeCheck(
      'http',
      { name: 't', url: `${base}/status`, test: { expr: 'json.items.size() > 5' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, error: 'test failed' });
  });

  it('fails a response slower than thresholdMillis, and on timeout', async () => {
    const slow = await executeCheck('http', { name: 's', url: `${base}/slow`, thresholdMillis: 100 }, ctx());
    expect(slow.error).toMatch(/^took \d+ms, over the threshold of 100ms$/);
    const timeout = await executeCheck('http', { name: 's', url: `${base}/slow`, timeout: '150ms' }, ctx());
    expect(timeout.error).toBe('timed out after 150ms');
  });

  it('fails with the connection error when nothing listens', async () => {
    const port = await closedPort();
    const r = await executeCheck('http', { name: 'down', url: `http://127.0.0.1:${port}/` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toContain('ECONNREFUSED');
  });
});

describe('http check: redirects', () => {
  it('follows redirects by default', async () => {
    const r = await executeCheck('http', { name: 'r', url: `${base}/moved` }, ctx());
    expect(r.pass).toBe(true);
    expect(r.data.url).toBe(`${base}/status`);
  });

  it('with maxRedirects 0 asserts the 301 and its Location', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'r',
        url: `${base}/moved`,
        maxRedirects: 0,
        responseCodes: [301],
        test: { expr: 'headers.Location == "/status"' },
      },
      ctx(),
    );
    expect(r.pass).toBe(true);
    const strict = await executeCheck('http', { name: 'r', url: `${base}/moved`, maxRedirects: 0 }, ctx());
    expect(strict.error).toBe(`${base}/moved: response code 301 not expected (2xx) (Location: /status)`);
  });

  it('stops after maxRedirects on a loop', async () => {
    const r = await executeCheck('http', { name: 'r', url: `${base}/loop`, maxRedirects: 3 }, ctx());
    expect(r.error).toMatch(/response code 302 not expected/);
  });
});

describe('http check: requests and auth', () => {
  it('sends method, headers from secrets and a templated body', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'post',
        url: `${base}/echo`,
        method: 'post',
        headers: [{ name: 'X-Token', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
        body: '{"who": "{{ .user }}"}',
        templateBody: true,
        env: [{ name: 'user', value: 'bob' }],
      },
      ctx(),
    );
    expect(r.data.json).toMatchObject({ method: 'POST', body: '{"who": "bob"}', token: 'secret-token' });
  });

  it('sends User-Agent OpsDeck/<version> unless headers set one', async () => {
    const r = await executeCheck('http', { name: 'ua', url: `${base}/echo` }, ctx());
    expect((r.data.json as { ua: string }).ua).toBe(`OpsDeck/${VERSION}`);
    const own = await executeCheck(
      'http',
      { name: 'ua', url: `${base}/echo`, headers: [{ name: 'User-Agent', value: 'probe/1' }] },
      ctx(),
    );
    expect((own.data.json as { ua: string }).ua).toBe('probe/1');
  });

  it('sends a body with GET (search APIs take their query that way)', async () => {
    const r = await executeCheck('http', { name: 'get', url: `${base}/echo`, body: '{"query": {}}' }, ctx());
    expect(r.data.json).toMatchObject({ method: 'GET', body: '{"query": {}}' });
  });

  it('basic auth from username/password sources, and a connection', async () => {
    const ok = await executeCheck(
      'http',
      {
        name: 'b',
        url: `${base}/basic`,
        username: { value: 'alice' },
        password: { valueFrom: { secretKeyRef: { name: 'api', key: 'password' } } },
      },
      ctx(),
    );
    expect(ok.pass).toBe(true);
    const viaConnection = await executeCheck(
      'http',
      { name: 'b', url: `${base}/basic`, connection: 'connection://default/shop' },
      ctx(),
    );
    expect(viaConnection.pass).toBe(true);
    // a check url on another host may not borrow the connection's credentials: nothing is sent
    const elsewhere = await executeCheck(
      'http',
      { name: 'b', url: `${base.replace('127.0.0.1', 'localhost')}/basic`, connection: 'connection://default/shop' },
      ctx(),
    );
    expect(elsewhere.pass).toBe(false);
    expect(elsewhere.error).toMatch(
      /connection connection:\/\/default\/shop belongs to 127\.0\.0\.1:\d+: its credentials are not sent to localhost/,
    );
    const denied = await executeCheck('http', { name: 'b', url: `${base}/basic`, username: { value: 'alice' } }, ctx());
    expect(denied.error).toMatch(/response code 401 not expected/);
  });

  it('digest auth (RFC 7616, SHA-256) answers the challenge', async () => {
    const spec = { name: 'd', url: `${base}/digest`, digest: true, username: { value: 'alice' } };
    const ok = await executeCheck('http', { ...spec, password: { value: 'pa55' } }, ctx());
    expect(ok).toMatchObject({ pass: true });
    expect(ok.data.content).toBe('digest welcome');
    const wrong = await executeCheck('http', { ...spec, password: { value: 'nope' } }, ctx());
    expect(wrong.error).toMatch(/response code 401 not expected/);
  });

  it('oauth2 client credentials fetches a token with the scopes and caches it', async () => {
    const spec = {
      name: 'o',
      url: `${base}/protected`,
      username: { value: 'shop-client' },
      password: { valueFrom: { secretKeyRef: { name: 'oauth', key: 'secret' } } },
      oauth2: { tokenURL: `${base}/token`, scope: ['read', 'write'] },
    };
    const before = tokenRequests;
    const r = await executeCheck('http', spec, ctx());
    expect(r).toMatchObject({ pass: true });
    expect(r.data.content).toBe('orders: 4');
    await executeCheck('http', spec, ctx());
    expect(tokenRequests - before).toBe(1);
    const bad = await executeCheck('http', { ...spec, password: { value: 'wrong' } }, ctx());
    expect(bad.error).toMatch(/oauth2 token request to .*\/token failed with 401/);
  });
});

describe('http check: TLS', () => {
  it('fails on an untrusted self-signed certificate', async () => {
    const r = await executeCheck('http', { name: 's', url: `${tlsBase}/status` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/self[- ]signed certificate/i);
  });

  it('trusts a CA from tlsConfig and exposes sslAge; maxSSLExpiry fails a close expiry', async () => {
    const tlsConfig = { ca: { value: serverCert.cert } };
    const r = await executeCheck(
      'http',
      {
        name: 's',
        url: `${tlsBase}/status`,
        tlsConfig,
        maxSSLExpiry: 30,
        test: { expr: 'sslAge > duration("720h") && sslAge > Duration(\'7d\')' },
      },
      ctx(),
    );
    expect(r.pass).toBe(true);
    expect(r.metrics).toContainEqual({ name: 'ssl_certificate_expiry_days', value: expect.any(Number) });
    const soon = await executeCheck(
      'http',
      { name: 's', url: `${tlsBase}/status`, tlsConfig, maxSSLExpiry: 60 },
      ctx(),
    );
    expect(soon.error).toMatch(/SSL certificate expires in 4[45] days, under 60$/);
  });

  it('insecureSkipVerify accepts the certificate', async () => {
    const r = await executeCheck(
      'http',
      { name: 's', url: `${tlsBase}/status`, tlsConfig: { insecureSkipVerify: true } },
      ctx(),
    );
    expect(r.pass).toBe(true);
  });

  it('presents a client certificate for mutual TLS', async () => {
    const tlsConfig = {
      ca: { value: serverCert.cert },
      cert: { value: clientCert.cert },
      key: { value: clientCert.key },
    };
    const r = await executeCheck('http', { name: 'm', url: `${mtlsBase}/status`, tlsConfig }, ctx());
    expect(r.pass).toBe(true);
    const without = await executeCheck(
      'http',
      { name: 'm', url: `${mtlsBase}/status`, tlsConfig: { ca: tlsConfig.ca } },
      ctx(),
    );
    expect(without.pass).toBe(false);
  });
});

describe('digest helper', () => {
  it('matches the RFC 7616 section 3.9.1 example (MD5 and SHA-256)', () => {
    const challenge = (algorithm: string) =>
      parseDigestChallenge(
        `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
      );
    const creds = { username: 'Mufasa', password: 'Circle of Life' };
    const cnonce = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
    const md5 = digestAuthorization(challenge('MD5') as never, creds, 'GET', '/dir/index.html', 1, cnonce);
    expect(md5).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
    const sha = digestAuthorization(challenge('SHA-256') as never, creds, 'GET', '/dir/index.html', 1, cnonce);
    expect(sha).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
  });
});
