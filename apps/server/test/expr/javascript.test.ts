import { afterAll, describe, expect, it } from 'vitest';
import {
  closeJavaScript,
  ExprDuration,
  evaluateBooleanAsync,
  evaluateExpressionAsync,
  evaluateJavaScript,
} from '../../src/expr/index.js';

describe('javascript expressions (QuickJS sandbox)', () => {
  const vars = {
    code: 200,
    json: { items: [{ n: 1 }, { n: 2 }] },
    elapsed: new ExprDuration(1500),
    at: new Date('2024-01-01T00:00:00Z'),
  };
  afterAll(() => closeJavaScript());

  it('sees the variables as globals and returns the last value', async () => {
    expect(await evaluateJavaScript('code === 200 ? "ok" : "bad"', vars)).toBe('ok');
    expect(await evaluateJavaScript('json.items.map(function (i) { return i.n * 2 })', vars)).toEqual([2, 4]);
    expect(await evaluateJavaScript('elapsed + " at " + at', vars)).toBe('1.5s at 2024-01-01T00:00:00.000Z');
    expect(await evaluateBooleanAsync({ javascript: 'code >= 200 && code < 300' }, vars)).toBe(true);
    expect(
      await evaluateExpressionAsync(
        { javascript: 'var r = []; for (var i = 0; i < 3; i++) r.push({ name: "c" + i }); r' },
        {},
      ),
    ).toEqual([{ name: 'c0' }, { name: 'c1' }, { name: 'c2' }]);
  });

  it('enforces the memory and time limits and reports script errors', async () => {
    // A heap growing without end stops at the memory cap or, on a loaded machine, at the deadline first.
    await expect(evaluateJavaScript('var a = []; for (;;) a.push(new Array(1000).fill(1));', {})).rejects.toThrow(
      /used more than 32MiB|took longer than 1000ms/,
    );
    await expect(evaluateJavaScript('for (;;) {}', {})).rejects.toThrow(/took longer than 1000ms/);
    await expect(evaluateJavaScript('throw new TypeError("bad input")', {})).rejects.toThrow(/TypeError: bad input/);
    await expect(evaluateJavaScript('nope.x', {})).rejects.toThrow(/ReferenceError/);
  });

  it('has nothing of the host', async () => {
    expect(await evaluateJavaScript('typeof require + typeof process + typeof fetch + typeof setTimeout', {})).toBe(
      'undefinedundefinedundefinedundefined',
    );
  });

  it('never holds up this thread: timers fire on time while scripts loop on both threads', async () => {
    const loops = Array.from({ length: 4 }, () => evaluateJavaScript('for (;;) {}', {}).catch((e: Error) => e));
    // a 50 ms timer, measured repeatedly while the four loops run (two at a time, 1 s each)
    let worst = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await new Promise((r) => setTimeout(r, 50));
      worst = Math.max(worst, performance.now() - started - 50);
    }
    const errors = await Promise.all(loops);
    expect(errors.map((e) => (e as Error).message)).toEqual(
      Array(4).fill(expect.stringMatching(/took longer than 1000ms/)),
    );
    expect(worst).toBeLessThan(400); // the old synchronous wait blocked for 1.5 s per script
    // the pool is whole again afterwards
    expect(await evaluateJavaScript('1 + 1', {})).toBe(2);
  });
});
