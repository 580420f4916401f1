import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

/**
 * `javascript:` expressions run on worker threads and are awaited: checks whose scripts loop until
 * their deadline do not hold up the server's other requests (the old evaluation blocked the
 * server's thread for up to 1.5 s per script).
 */

const LOOPING = 8;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('javascript expressions off the main thread', () => {
  it('keeps /health prompt while several looping scripts run', async () => {
    const res = await server.fetch('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'js-loops',
        spec: {
          schedule: '@every 1h',
          exec: Array.from({ length: LOOPING }, (_, i) => ({
            name: `loop-${i}`,
            script: 'echo 1',
            display: { javascript: 'for (;;) {}' },
          })),
        },
      }),
    });
    expect(res.status).toBe(201);
    const [canary] = (await res.json()) as Array<{ id: string }>;
    const checks = (await (await server.fetch(`/api/db/checks?canary_id=eq.${canary?.id}`)).json()) as Array<{
      id: string;
    }>;
    expect(checks).toHaveLength(LOOPING);
    // the sandbox threads start once, outside the measurement
    await server.fetch(`/api/canary/run/check/${checks[0]?.id}`, { method: 'POST' });

    const runs = Promise.all(
      checks.map(async (c) => {
        const r = await server.fetch(`/api/canary/run/check/${c.id}`, { method: 'POST' });
        return (await r.json()) as { pass: boolean; error?: string };
      }),
    );
    let finished = false;
    void runs.finally(() => {
      finished = true;
    });
    // how long this process's event loop was held while the scripts loop (eight 1 s loops on two
    // threads): the old evaluation held it about a second per script, eight in all
    let blockedMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      if (now - last > 250) blockedMs += now - last - 50;
      last = now;
    }, 50);
    // and /health, asked again and again meanwhile
    const latencies: number[] = [];
    try {
      while (!finished && latencies.length < 60) {
        const started = performance.now();
        expect((await server.fetch('/health')).status).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      clearInterval(ticker);
    }
    const answers = await runs;
    for (const a of answers) {
      expect(a.pass).toBe(false);
      expect(a.error).toMatch(/took longer than 1000ms/);
    }
    expect(latencies.length).toBeGreaterThan(5);
    // generous for a loaded two-core machine (a starved process also misses its timers)
    expect(blockedMs).toBeLessThan(3000);
    expect(Math.max(...latencies)).toBeLessThan(2000);
  }, 60_000);
});
