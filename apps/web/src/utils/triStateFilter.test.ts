import { describe, expect, it } from 'vitest';
import { decodeTriStateFilter, encodeTriStateFilter, toggleTriState, withTriState } from './triStateFilter.js';

describe('encodeTriStateFilter', () => {
  it.each([
    [{}, ''],
    [{ prod: 1 }, 'prod:1'],
    [{ prod: 1, dev: -1 }, 'prod:1,dev:-1'],
    [{ prod: 1, staging: 0 }, 'prod:1'],
    [{ 'team:ops': 1 }, 'team\\:ops:1'],
    [{ 'a,b': -1 }, 'a\\,b:-1'],
    [{ 'c:\\d': 1 }, 'c\\:\\\\d:1'],
  ] as const)('%j -> %s', (filter, expected) => {
    expect(encodeTriStateFilter(filter)).toBe(expected);
  });
});

describe('decodeTriStateFilter', () => {
  it.each([
    ['', {}],
    [null, {}],
    ['prod:1', { prod: 1 }],
    ['prod:1,dev:-1', { prod: 1, dev: -1 }],
    ['team\\:ops:1', { 'team:ops': 1 }],
    ['a\\,b:-1', { 'a,b': -1 }],
    ['prod:2,dev:-1', { dev: -1 }],
    ['prod,dev:1', { dev: 1 }],
    [':1,x:1:1', {}],
  ])('%j -> %j', (encoded, expected) => {
    expect(decodeTriStateFilter(encoded)).toEqual(expected);
  });

  it('round-trips any values', () => {
    const filter = { 'k8s:app=web,api': 1, 'back\\slash': -1, plain: 1 } as const;
    expect(decodeTriStateFilter(encodeTriStateFilter(filter))).toEqual(filter);
  });
});

describe('toggleTriState', () => {
  it.each([
    [0, 1, 1],
    [0, -1, -1],
    [1, 1, 0],
    [-1, -1, 0],
    [1, -1, -1],
    [-1, 1, 1],
  ] as const)('state %i clicked %i -> %i', (current, clicked, expected) => {
    expect(toggleTriState(current, clicked)).toBe(expected);
  });

  it('withTriState sets and clears', () => {
    expect(withTriState({ a: 1 }, 'b', -1)).toEqual({ a: 1, b: -1 });
    expect(withTriState({ a: 1, b: -1 }, 'a', 0)).toEqual({ b: -1 });
  });
});
