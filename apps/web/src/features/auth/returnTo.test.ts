import { describe, expect, it } from 'vitest';
import { safeReturnTo, sameOriginPath } from './returnTo.js';

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

describe('sameOriginPath', () => {
  const origin = 'https://ops.example.com';
  it.each([
    ['https://ops.example.com/profile-settings?flow=1', '/profile-settings?flow=1'],
    ['https://ops.example.com', '/'],
    ['/login?aal=aal2', '/login?aal=aal2'],
    ['https://evil.example/profile-settings', '/'],
    ['http://ops.example.com/x', '/'],
    ['https://ops.example.com//evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['not a url', '/'],
    [undefined, '/'],
  ])('%j -> %s', (raw, expected) => {
    expect(sameOriginPath(raw, origin)).toBe(expected);
  });
});
