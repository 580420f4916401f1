import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateJavaScript, JAVASCRIPT_GRACE_MS, JAVASCRIPT_TIME_LIMIT_MS } from '../../src/expr/javascript.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

/**
 * The QuickJS sandbox of `javascript:` expressions holds its limits: a script that allocates past
 * the 32 MiB cap fails at once with a clear message, an endless loop stops at the 1 s deadline,
 * runaway recursion stops at the stack limit, and none of them leaks memory into the server or
 * keeps it from answering.
 */

const rssMiB = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function timed(source: string): Promise<{ error: string; ms: number }> {
  const started = performance.now();
  try {
    await evaluateJavaScript(source, {});
    return { error: '', ms: performance.now() - started };
  } catch (err) {
    return { error: (err as Error).message, ms: performance.now() - started };
  }
}

describe('javascript sandbox limits', () => {
  // the threads start (load QuickJS) once, outside the measured evaluations
  beforeAll(() => evaluateJavaScript('1', {}));
  it.each([
    ['a large typed buffer', 'new ArrayBuffer(64 * 1024 * 1024)'],
    ['a large typed array', 'new Float64Array(5e6).length'],
  ])('stops %s at the memory cap, before the deadline', async (_what, source) => {
    const r = await timed(source);
    expect(r.error).toMatch(/: used more than 32MiB$/);
    expect(r.ms).toBeLessThan(JAVASCRIPT_TIME_LIMIT_MS);
  });

  it('cuts off a native builtin that runs past the deadline, and the next script runs on a fresh thread', async () => {
    // near the cap each 1 MiB repeat() spends seconds collecting garbage, out of reach of the
    // interrupt handler: the evaluation thread is terminated at the deadline plus the grace
    const r = await timed('var a = []; for (;;) a.push("x".repeat(1 << 20));');
    expect(r.error).toMatch(/: (took longer than 1000ms|used more than 32MiB)$/);
    expect(r.ms).toBeLessThan(JAVASCRIPT_TIME_LIMIT_MS + JAVASCRIPT_GRACE_MS + 1000);
    expect(await evaluateJavaScript('code * 2', { code: 21 })).toBe(42);
  });

  it('stops an endless loop at the deadline', async () => {
    const r = await timed('for (;;) {}');
    expect(r.error).toBe(`javascript "for (;;) {}": took longer than ${JAVASCRIPT_TIME_LIMIT_MS}ms`);
    expect(r.ms).toBeGreaterThanOrEqual(JAVASCRIPT_TIME_LIMIT_MS - 5);
    expect(r.ms).toBeLessThan(JAVASCRIPT_TIME_LIMIT_MS + 1500);
  });

  it('stops runaway recursion at the stack limit with a clear error, and nested code within it still runs', async () => {
    expect((await timed('function f() { return f() } f()')).error).toMatch(
      /calls nested too deep \(stack limit 128KiB\)$/,
    );
    expect(await evaluateJavaScript('function d(n) { return n ? d(n - 1) + 1 : 0 } d(300)', {})).toBe(300);
  });

  it('leaks nothing: the server process stays about the same size after many failed scripts', async () => {
    const round = async () => {
      await timed('new Array(1e7).fill(1.5)');
      await timed('function f() { return f() } f()');
    };
    // the first rounds grow the sandbox's WebAssembly memory to its working size, once
    await round();
    await round();
    const before = rssMiB();
    for (let i = 0; i < 20; i++) await round();
    expect(rssMiB() - before).toBeLessThan(24);
    expect(await evaluateJavaScript('[1, 2, 3].reduce(function (a, b) { return a + b })', {})).toBe(6);
  });
});

describe('javascript sandbox limits through a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports the limits as the check result and keeps answering', async () => {
    const res = await server.fetch('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'js-limits',
        spec: {
          schedule: '@every 1h',
          exec: [
            {
              name: 'hog',
              script: 'echo 1',
              test: { javascript: 'new ArrayBuffer(64 * 1024 * 1024).byteLength > 0' },
            },
            { name: 'spin', script: 'echo 1', display: { javascript: 'while (true) {}' } },
          ],
        },
      }),
    });
    expect(res.status).toBe(201);
    const [canary] = await res.json();
    const checks = (await (await server.fetch(`/api/db/checks?canary_id=eq.${canary.id}&order=name`)).json()) as Array<{
      id: string;
      name: string;
    }>;
    const answers: Record<string, { pass: boolean; error: string | null }> = {};
    for (const c of checks) {
      answers[c.name] = await (await server.fetch(`/api/canary/run/check/${c.id}`, { method: 'POST' })).json();
    }
    expect(answers.hog).toMatchObject({ pass: false });
    expect(answers.hog?.error).toContain('used more than 32MiB');
    expect(answers.spin).toMatchObject({ pass: false });
    expect(answers.spin?.error).toContain(`took longer than ${JAVASCRIPT_TIME_LIMIT_MS}ms`);
    // the server still answers, promptly
    const started = performance.now();
    expect((await server.fetch('/api/db/canaries?select=name&name=eq.js-limits')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2500); // generous: the machine is shared
  });
});
