import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../src/playbooks/actions/patches.js';
import { delayMs, shouldRun } from '../../src/playbooks/conditions.js';
import { backoffMs } from '../../src/playbooks/execute.js';

const ok = { anyFailed: false, anyTimedOut: false };
const failed = { anyFailed: true, anyTimedOut: false };
const timedOut = { anyFailed: true, anyTimedOut: true };

describe('if', () => {
  it.each([
    [undefined, ok, true],
    [undefined, failed, false],
    ['success()', failed, false],
    ['failure()', ok, false],
    ['failure()', failed, true],
    ['always()', failed, true],
    ['skip()', ok, false],
    ['timeout()', failed, false],
    ['timeout()', timedOut, true],
    ["params.env == 'prod'", ok, true],
    ["params.env == 'dev'", ok, false],
  ] as const)('%s after %j runs: %s', (text, prior, expected) => {
    expect(shouldRun(text, prior, { params: { env: 'prod' } })).toBe(expected);
  });

  it('refuses a CEL answer that is not a boolean', () => {
    expect(() => shouldRun('params.env', ok, { params: { env: 'prod' } })).toThrow(/expected true or false/);
  });
});

describe('delay and backoff', () => {
  it('reads a duration or CEL answering one', () => {
    expect(delayMs('1m30s', {})).toBe(90_000);
    expect(delayMs("params.fast ? '1s' : '10s'", { params: { fast: true } })).toBe(1000);
    expect(delayMs(undefined, {})).toBe(0);
  });

  it('grows the retry wait by the multiplier, with jitter on top', () => {
    expect(backoffMs({ limit: 3, duration: '1s', exponent: { multiplier: 2 } }, 0)).toBe(1000);
    expect(backoffMs({ limit: 3, duration: '1s', exponent: { multiplier: 2 } }, 2)).toBe(4000);
    const jittered = backoffMs({ limit: 3, duration: '1s', jitter: 50 }, 0);
    expect(jittered).toBeGreaterThanOrEqual(1000);
    expect(jittered).toBeLessThanOrEqual(1500);
  });
});

describe('merge patch', () => {
  it('merges objects, removes nulls, replaces the rest', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: 9, d: null }, e: [2], f: 'x' })).toEqual({
      a: 1,
      b: { c: 9 },
      e: [2],
      f: 'x',
    });
  });
});
