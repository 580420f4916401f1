import { describe, expect, it } from 'vitest';
import { pageRange, parseContentRange } from './contentRange.js';

describe('parseContentRange', () => {
  it.each([
    ['0-49/1234', { from: 0, to: 49, total: 1234 }],
    ['50-99/100', { from: 50, to: 99, total: 100 }],
    ['*/0', { total: 0 }],
    ['0-9/*', { from: 0, to: 9 }],
    ['*/*', {}],
    ['items 0-24/300', { from: 0, to: 24, total: 300 }],
    [' 0-0 / 1 ', { from: 0, to: 0, total: 1 }],
  ])('%s', (header, expected) => {
    expect(parseContentRange(header)).toEqual(expected);
  });

  it.each([[''], [null], [undefined], ['garbage'], ['10-5/20'], ['0-9'], ['-1-9/10']])('rejects %j', (header) => {
    expect(parseContentRange(header)).toBeUndefined();
  });
});

describe('pageRange', () => {
  it.each([
    [0, 50, '0-49'],
    [2, 25, '50-74'],
    [-1, 10, '0-9'],
  ])('page %i of %i -> %s', (pageIndex, pageSize, expected) => {
    expect(pageRange(pageIndex, pageSize)).toBe(expected);
  });
});
