import { getEventListeners } from 'node:events';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHub } from '../../src/live/registry.js';
import { startTestServer, type TestServer, testSubjectHeader } from '../helpers/index.js';
import { openStream, until } from './sse.js';

/**
 * A server keeps streams open for months while tabs come and go: each closed stream must leave
 * nothing behind (no connection in the hub, no listener on what lives on, no timer), and a
 * reader that stops reading must be dropped instead of buffered for.
 */

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('live streams', () => {
  it('leave nothing reachable once they close', async () => {
    const hub = liveHub(server.ctx);
    const collected = { count: 0 };
    const registry = new FinalizationRegistry<null>(() => {
      collected.count++;
    });
    const original = hub.open.bind(hub);
    hub.open = (...args) => {
      const c = original(...args);
      registry.register(c, null);
      return c;
    };
    const before = {
      server: getEventListeners(server.app.server, 'request').length,
      process: process.listenerCount('exit') + process.listenerCount('SIGTERM'),
    };
    const total = 200;
    for (let round = 0; round < 4; round++) {
      const streams = await Promise.all(
        Array.from({ length: total / 4 }, () => openStream(server.url, server.headers('viewer'))),
      );
      await until(() => hub.size === total / 4);
      hub.dispatch({ type: 'incident', data: { id: `round-${round}` } });
      await Promise.all(streams.map((s) => s.next((e) => e.event === 'incident')));
      for (const s of streams) s.close();
      await until(() => hub.size === 0);
    }
    hub.open = original;
    for (let i = 0; i < 50 && collected.count < total; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(collected.count).toBe(total);
    expect(hub.size).toBe(0);
    // the heartbeat timer runs only while streams are open
    expect((hub as unknown as { heartbeat?: NodeJS.Timeout }).heartbeat).toBeUndefined();
    expect(getEventListeners(server.app.server, 'request').length).toBe(before.server);
    expect(process.listenerCount('exit') + process.listenerCount('SIGTERM')).toBe(before.process);
  });

  it('sends heartbeats while streams are open', async () => {
    const hub = liveHub(server.ctx);
    Object.assign(hub.options, { heartbeatMs: 100 });
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/events/stream`, {
      headers: server.headers('viewer'),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (text.split(': heartbeat').length > 2) break;
    }
    controller.abort();
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    await until(() => hub.size === 0);
    Object.assign(hub.options, { heartbeatMs: 15_000 });
  });

  it('drops a reader that stops reading instead of buffering for it', async () => {
    const hub = liveHub(server.ctx);
    Object.assign(hub.options, { maxQueue: 16, maxQueueBytes: 64 * 1024 });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', r));
    const headers = Object.entries(testSubjectHeader('viewer'))
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`GET /api/events/stream HTTP/1.1\r\nhost: localhost\r\n${headers}\r\n`);
    socket.pause(); // never reads: the kernel buffers fill, then the stream's queue
    await until(() => hub.size === 1);
    const big = 'x'.repeat(7000);
    for (let i = 0; i < 5000 && hub.size > 0; i++) {
      hub.dispatch({ type: 'incident', data: { id: String(i), big } });
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    await until(() => hub.size === 0);
    socket.destroy();
    Object.assign(hub.options, { maxQueue: 256, maxQueueBytes: 1 << 20 });
  });
});
