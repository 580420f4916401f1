import { describe, expect, it } from 'vitest';
import { ExprDuration, evaluateBooleanAsync, evaluateCel, evaluateToStringAsync } from '../../src/expr/index.js';

const vars = {
  code: 200,
  content: 'hello world',
  headers: { 'Content-Type': 'text/plain' },
  json: {
    items: [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ],
    ratio: 0.5,
  },
  sslAge: new ExprDuration(90 * 86_400_000),
  checked: new Date('2024-01-01T00:00:00Z'),
};

describe('CEL', () => {
  it.each([
    ['code == 200 && json.items.size() == 2', true],
    ['code >= 200 && code < 300', true],
    ['content.contains("world") && content.startsWith("hello")', true],
    ['headers["Content-Type"] == "text/plain"', true],
    ['json.ratio < 1.0', true],
    ['sslAge > duration("720h")', true],
    ['checked < timestamp("2025-01-01T00:00:00Z")', true],
    ['json.items.exists(i, i.name == "b")', true],
    ['json.items.all(i, i.n > 1)', false],
  ])('%s -> %s', (expr, expected) => {
    expect(evaluateCel(expr, vars)).toBe(expected);
  });

  it('returns plain JS values (lists, maps, ints, durations, timestamps)', () => {
    expect(evaluateCel('json.items.map(i, i.name)', vars)).toEqual(['a', 'b']);
    expect(evaluateCel('json.items[1]', vars)).toEqual({ name: 'b', n: 2 });
    expect(evaluateCel('json.items.size() * 10', vars)).toBe(20);
    expect(evaluateCel('sslAge', vars)).toBe('2160h0m0s');
    expect(evaluateCel('checked', vars)).toBe('2024-01-01T00:00:00.000Z');
  });

  it('offers the helper functions specs use', () => {
    expect(evaluateCel('toJSON(json.items[0])', vars)).toBe('{"name":"a","n":1}');
    expect(evaluateCel('jsonpath("$.items[1].name", json)', vars)).toBe('b');
    expect(evaluateCel('HumanSize(1536)', vars)).toBe('1.5KiB');
    expect(evaluateCel('HumanDuration(sslAge)', vars)).toBe('2160h0m0s');
    expect(evaluateCel('content.upperAscii()', vars)).toBe('HELLO WORLD');
  });

  it('explains syntax errors and unknown variables', () => {
    expect(() => evaluateCel('code +', vars)).toThrow(/cel "code \+": syntax error/);
    expect(() => evaluateCel('nope == 1', vars)).toThrow(/unknown variable \(available: checked, code, content/);
    expect(() => evaluateCel('json.missing', vars)).toThrow(/no such key|not found/);
  });

  it('treats the result of a test as a boolean, refusing anything else', async () => {
    expect(await evaluateBooleanAsync({ expr: 'code == 200' }, vars)).toBe(true);
    expect(await evaluateBooleanAsync({ expr: '"false"' }, vars)).toBe(false);
    await expect(evaluateBooleanAsync({ expr: '"yes"' }, vars)).rejects.toThrow(/expected a boolean, got "yes"/);
    expect(await evaluateToStringAsync({ expr: 'json.items.size()' }, vars)).toBe('2');
  });
});
