import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storeConnection, type TestServer } from '../helpers/index.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let hook: http.Server;
let hookUrl = '';
const received: Received[] = [];
let answer = 204;

beforeAll(async () => {
  server = await startTestServer();
  // a local webhook receiver that records each request and answers with `answer`
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'receiver says no' : '');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

const store = (input: Record<string, unknown>) => storeConnection(server, input);

const test = (id: string) => server.fetch(`/api/connection/test/${id}`, { method: 'POST' });

describe('testing a generic webhook connection', () => {
  it('POSTs a JSON test payload with the stored credentials and reports the status code', async () => {
    answer = 204;
    received.length = 0;
    const id = await store({
      name: 'hook-ok',
      type: 'generic_webhook',
      url: `${hookUrl}/hooks/opsdeck`,
      username: 'bot',
      password: 'hook-secret',
      properties: { headers: JSON.stringify({ 'x-team': 'platform' }) },
    });
    const res = await test(id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('connection successful');
    expect(body.payload.message).toMatch(/^204 in \d+ms$/);

    expect(received).toHaveLength(1);
    const [req] = received as [Received];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hooks/opsdeck');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-team']).toBe('platform');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('bot:hook-secret').toString('base64')}`);
    const payload = JSON.parse(req.body);
    expect(payload).toMatchObject({ title: 'OpsDeck connection test', event: 'connection.test' });
    expect(payload.message).toContain('default/hook-ok');
  });

  it('fails the test with the status code when the receiver answers outside 2xx', async () => {
    answer = 500;
    received.length = 0;
    const id = await store({ name: 'hook-500', type: 'generic_webhook', url: `${hookUrl}/broken` });
    const res = await test(id);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('connection_failed');
    expect(body.message).toMatch(/response code 500 not expected \(2xx\)/);
    expect(received.map((r) => r.method)).toEqual(['POST']);
  });

  it('sends GET without a body when the connection asks for GET', async () => {
    answer = 200;
    received.length = 0;
    const id = await store({
      name: 'hook-get',
      type: 'generic_webhook',
      url: `${hookUrl}/ping`,
      properties: { requestMethod: 'GET' },
    });
    const res = await test(id);
    expect(res.status).toBe(200);
    expect((await res.json()).payload.message).toMatch(/^200 in/);
    expect(received.map((r) => [r.method, r.url, r.body])).toEqual([['GET', '/ping', '']]);
  });
});
