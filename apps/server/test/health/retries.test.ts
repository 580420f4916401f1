import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { executeCheck } from '../../src/health/execute.js';
import { runnerContext } from './checks/runnerContext.js';

// `retries{maxRetries, delay, interval, timeout}` against real local peers that fail, then recover.

const ctx = (extra: Record<string, unknown> = {}) => ({ ...runnerContext(), ...extra });
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An HTTP server answering 503 to the first `failures` requests, then 200; it notes when each came. */
async function flakyServer(failures: number): Promise<{ url: string; hits: number[] }> {
  const hits: number[] = [];
  const server: Server = createServer((_req, res) => {
    hits.push(Date.now());
    res.statusCode = hits.length <= failures ? 503 : 200;
    res.end(res.statusCode === 200 ? 'ok' : 'warming up');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`, hits };
}

describe('check retries against real peers', () => {
  it('retries an http check that answers 503 until it answers 200, every interval', async () => {
    const peer = await flakyServer(2);
    const r = await executeCheck(
      'http',
      { name: 'api', url: peer.url, retries: { maxRetries: 5, interval: '150ms' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: true, attempts: 3 });
    expect(r.data.retries).toMatchObject({ attempts: 3, retries: 2, maxRetries: 5 });
    expect(peer.hits).toHaveLength(3);
    // the attempts are at least `interval` apart
    const [first = 0, second = 0, third = 0] = peer.hits;
    expect(second - first).toBeGreaterThanOrEqual(140);
    expect(third - second).toBeGreaterThanOrEqual(140);
  });

  it('waits `delay` before the first attempt', async () => {
    const peer = await flakyServer(0);
    const started = Date.now();
    const r = await executeCheck('http', { name: 'api', url: peer.url, retries: { delay: '200ms' } }, ctx());
    expect(r.pass).toBe(true);
    expect((peer.hits[0] ?? 0) - started).toBeGreaterThanOrEqual(190);
  });

  it('stops at maxRetries and reports the last failure', async () => {
    const peer = await flakyServer(10);
    const r = await executeCheck(
      'http',
      { name: 'api', url: peer.url, retries: { maxRetries: 2, interval: '10ms' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, attempts: 3 });
    expect(r.error).toContain('503');
    expect(peer.hits).toHaveLength(3);
  });

  it('stops retrying once `timeout` has passed, without maxRetries', async () => {
    const peer = await flakyServer(100);
    const started = Date.now();
    const r = await executeCheck(
      'http',
      { name: 'api', url: peer.url, retries: { timeout: '400ms', interval: '100ms' } },
      ctx(),
    );
    const took = Date.now() - started;
    expect(r.pass).toBe(false);
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(2000);
    expect(peer.hits.length).toBeGreaterThanOrEqual(3);
    expect(peer.hits.length).toBeLessThanOrEqual(6);
  });

  it('retries a tcp check until its port starts listening (canary-level retries)', async () => {
    // take a free port, close it, and open it again a little later
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const later = createTcpServer((socket) => socket.end());
    const timer = setTimeout(() => later.listen(port, '127.0.0.1'), 250);
    closers.push(async () => {
      clearTimeout(timer);
      await new Promise<void>((resolve) => (later.listening ? later.close(() => resolve()) : resolve()));
    });
    const r = await executeCheck(
      'tcp',
      { name: 'db', endpoint: `127.0.0.1:${port}` },
      ctx({ retries: { maxRetries: 10, interval: '100ms' } }),
    );
    expect(r.pass).toBe(true);
    expect(r.attempts).toBeGreaterThanOrEqual(2);
  });
});
