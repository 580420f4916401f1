import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

/**
 * `javascript:` expressions run on worker threads and are awaited: checks whose scripts loop until
 * their deadline do not hold up the server's other requests (the old evaluation blocked the
 * server's thread for up to 1.5 s per script).
 */

const LOOPING = 8;
let server: TestServer;

/** Measures how much of a period the event loop was held (timer ticks more than 250 ms apart). */
function heldTime(): { stop(): { heldMs: number; totalMs: number; fraction: number } } {
  const began = performance.now();
  let held = 0;
  let last = began;
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - last > 250) held += now - last - 50;
    last = now;
  }, 50);
  return {
    stop() {
      clearInterval(ticker);
      const totalMs = performance.now() - began;
      return { heldMs: Math.round(held), totalMs: Math.round(totalMs), fraction: held / totalMs };
    },
  };
}

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

    // the event loop's held time on this machine as it is now, with no script running: a busy
    // machine delays timers too, and the measurement below is compared with this
    const idle = heldTime();
    await new Promise((r) => setTimeout(r, 3000));
    const baseline = idle.stop();

    const running = heldTime();
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
    // /health, asked again and again while the scripts loop (eight 1 s loops on two threads)
    let answered = 0;
    while (!finished && answered < 60) {
      expect((await server.fetch('/health')).status).toBe(200);
      answered++;
      await new Promise((r) => setTimeout(r, 100));
    }
    const answers = await runs;
    const during = running.stop();
    for (const a of answers) {
      expect(a.pass).toBe(false);
      expect(a.error).toMatch(/took longer than 1000ms/);
    }
    // the old evaluation held the loop about a second per script, nearly the whole time; generous
    // for a loaded two-core machine
    expect(during.fraction, JSON.stringify({ baseline, during })).toBeLessThan(baseline.fraction + 0.35);
    expect(answered).toBeGreaterThan(5);
  }, 60_000);
});
