import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('plural', () => {
  it.each([
    [0, '0 canaries'],
    [1, '1 canary'],
    [2, '2 canaries'],
  ])('%i -> %s', (n, text) => {
    expect(plural(n, 'canary', 'canaries')).toBe(text);
  });
});
