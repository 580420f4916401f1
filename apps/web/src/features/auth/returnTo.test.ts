import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './returnTo.js';

describe('safeReturnTo', () => {
  it.each([
    ['/incidents?status=open', '/incidents?status=open'],
    ['/', '/'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%j -> %s', (raw, expected) => {
    expect(safeReturnTo(raw)).toBe(expected);
  });
});
