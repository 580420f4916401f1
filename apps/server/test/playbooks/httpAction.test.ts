import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpAction } from '../../src/playbooks/actions/http.js';
import type { ActionContext } from '../../src/playbooks/actions/types.js';

/** The http action against a real peer: what it sends, how it follows and decodes, what it keeps. */

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/moved') return void res.writeHead(303, { location: '/landing' }).end();
      if (req.url === '/gzip')
        return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('zipped text'));
      if (req.url === '/cookies')
        return void res.writeHead(200, { 'set-cookie': ['a=1', 'b=2'], 'x-many': ['x', 'y'] }).end('ok');
      if (req.url === '/missing') return void res.writeHead(404, 'Nowhere').end('gone');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`landed ${req.method}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const ctx = (): ActionContext =>
  ({
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    resolveEnv: async (s: unknown) => (typeof s === 'string' ? s : (s as { value?: string }).value),
    resolveConnection: async () => {
      throw new Error('no connections here');
    },
  }) as unknown as ActionContext;

describe('http action', () => {
  it('posts a body as text/plain and follows a 303 to the landing page with GET', async () => {
    const out = await httpAction.run({ url: `${base}/moved`, body: 'hello' } as never, ctx());
    expect(out).toMatchObject({ ok: true, result: { response: { code: 200 }, body: 'landed GET' } });
    const [post, get] = seen.slice(-2);
    expect(post).toMatchObject({ method: 'POST', body: 'hello' });
    expect(post?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(get).toMatchObject({ method: 'GET', url: '/landing', body: '' });
  });

  it('decodes a compressed answer and keeps one string per response header', async () => {
    const zipped = await httpAction.run(
      { url: `${base}/gzip`, headers: [{ name: 'Accept-Encoding', value: 'gzip' }] } as never,
      ctx(),
    );
    expect(zipped.result.body).toBe('zipped text');
    const cookies = await httpAction.run({ url: `${base}/cookies` } as never, ctx());
    expect((cookies.result.response as { headers: Record<string, string> }).headers).toMatchObject({
      'set-cookie': 'b=2',
      'x-many': 'x, y',
    });
  });

  it('fails on a 4xx with the status line, keeping the answer', async () => {
    const out = await httpAction.run({ url: `${base}/missing`, method: 'get' } as never, ctx());
    expect(out).toMatchObject({ ok: false, error: `http GET ${base}/missing: 404 Nowhere`, result: { body: 'gone' } });
  });

  it('refuses a body on a GET without sending it', async () => {
    const before = seen.length;
    const out = await httpAction.run({ url: `${base}/x`, method: 'GET', body: 'b' } as never, ctx());
    expect(out).toMatchObject({
      ok: false,
      error: `http GET ${base}/x: Request with GET/HEAD method cannot have body.`,
    });
    expect(seen.length).toBe(before);
  });

  it('fails with the network error when nothing listens', async () => {
    const out = await httpAction.run({ url: 'http://127.0.0.1:1/' } as never, ctx());
    expect(out.ok).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });
});
