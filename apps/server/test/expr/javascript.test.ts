import { describe, expect, it } from 'vitest';
import { ExprDuration, evaluateBoolean, evaluateExpression, evaluateJavaScript } from '../../src/expr/index.js';

describe('javascript expressions (QuickJS sandbox)', () => {
  const vars = {
    code: 200,
    json: { items: [{ n: 1 }, { n: 2 }] },
    elapsed: new ExprDuration(1500),
    at: new Date('2024-01-01T00:00:00Z'),
  };

  it('sees the variables as globals and returns the last value', () => {
    expect(evaluateJavaScript('code === 200 ? "ok" : "bad"', vars)).toBe('ok');
    expect(evaluateJavaScript('json.items.map(function (i) { return i.n * 2 })', vars)).toEqual([2, 4]);
    expect(evaluateJavaScript('elapsed + " at " + at', vars)).toBe('1.5s at 2024-01-01T00:00:00.000Z');
    expect(evaluateBoolean({ javascript: 'code >= 200 && code < 300' }, vars)).toBe(true);
    expect(
      evaluateExpression({ javascript: 'var r = []; for (var i = 0; i < 3; i++) r.push({ name: "c" + i }); r' }, {}),
    ).toEqual([{ name: 'c0' }, { name: 'c1' }, { name: 'c2' }]);
  });

  it('enforces the memory and time limits and reports script errors', () => {
    // A heap growing without end stops at the memory cap or, on a loaded machine, at the deadline first.
    expect(() => evaluateJavaScript('var a = []; for (;;) a.push(new Array(1000).fill(1));', {})).toThrow(
      /used more than 32MiB|took longer than 1000ms/,
    );
    expect(() => evaluateJavaScript('for (;;) {}', {})).toThrow(/took longer than 1000ms/);
    expect(() => evaluateJavaScript('throw new TypeError("bad input")', {})).toThrow(/TypeError: bad input/);
    expect(() => evaluateJavaScript('nope.x', {})).toThrow(/ReferenceError/);
  });

  it('has nothing of the host', () => {
    expect(evaluateJavaScript('typeof require + typeof process + typeof fetch + typeof setTimeout', {})).toBe(
      'undefinedundefinedundefinedundefined',
    );
  });
});
