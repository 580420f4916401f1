import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

// How an http check reads a response body: whole (in several chunks), refused past 10 MiB, and
// a body the server cuts off ends the run with an error rather than leaving it waiting.
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/chunks') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 5; i++) res.write(`part${i};`);
      res.end('end');
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const mib = Buffer.alloc(1024 * 1024, 97);
      let sent = 0;
      const more = () => {
        while (sent < 12 && res.write(mib)) sent++;
        if (sent < 12) res.once('drain', more);
        else res.end();
      };
      res.on('error', () => {});
      more();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('only part of it');
      setTimeout(() => res.socket?.destroy(), 20);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('http check: the response body', () => {
  it('reads a body sent in several chunks whole', async () => {
    const r = await executeCheck(
      'http',
      { name: 'chunks', url: `${base}/chunks`, responseContent: 'part4;end' },
      runnerContext(),
    );
    expect(r.pass).toBe(true);
    expect(r.data.content).toBe('part0;part1;part2;part3;part4;end');
  });

  it('refuses a body over 10 MiB', async () => {
    const r = await executeCheck('http', { name: 'huge', url: `${base}/huge` }, runnerContext());
    expect(r.pass).toBe(false);
    expect(r.error).toContain('response body larger than 10MiB');
  });

  it('fails when the server cuts the body off', async () => {
    const started = performance.now();
    const r = await executeCheck('http', { name: 'cut', url: `${base}/cut`, timeout: '5s' }, runnerContext());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cut: /);
    expect(performance.now() - started).toBeLessThan(4000);
  });
});
