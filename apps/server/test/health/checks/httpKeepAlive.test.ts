import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { keptConnections } from '../../../src/integrations/http/client.js';
import { runnerContext } from './runnerContext.js';

let server: http.Server;
let base = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2000);
      return;
    }
    res.end('ok');
  });
  // Keep-Alive: timeout=3; the client keeps an idle connection for the hint less 2 s of margin
  server.keepAliveTimeout = 3000;
  server.on('connection', (s: Socket) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const closed = (s: Socket) => new Promise<void>((r) => (s.destroyed ? r() : s.once('close', () => r())));

describe('http check connections', () => {
  it('reuse one connection for runs against the same http origin, and close it once idle', async () => {
    sockets.length = 0;
    for (const path of ['/a', '/b']) {
      const r = await executeCheck('http', { name: 'kept', url: `${base}${path}` }, runnerContext());
      expect(r.pass).toBe(true);
      // runs of checks come apart in time; the connection is free again a turn after the response
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sockets.length).toBe(1);
    expect(keptConnections()).toBe(1);
    const idle = sockets[0] as Socket;
    const started = performance.now();
    await closed(idle);
    expect(performance.now() - started).toBeLessThan(2500);
    for (let i = 0; i < 50 && keptConnections() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(keptConnections()).toBe(0); // the origin left the shared agent
  });

  it('still time out and abort a run on a kept connection', async () => {
    const r = await executeCheck('http', { name: 'slow', url: `${base}/slow` }, runnerContext({}, 300));
    expect(r.pass).toBe(false);
    const next = await executeCheck('http', { name: 'after', url: `${base}/a` }, runnerContext());
    expect(next.pass).toBe(true);
  });
});
