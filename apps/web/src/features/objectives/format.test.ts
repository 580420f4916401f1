import { describe, expect, it } from 'vitest';
import { formatMinutes, formatPercent } from './format.js';

describe('objective formats', () => {
  it.each([
    [99.9, '99.9%'],
    [65.27777, '65.278%'],
    [100, '100%'],
    [null, '–'],
  ])('percent %s -> %s', (v, out) => expect(formatPercent(v)).toBe(out));
  it.each([
    [43.2, '43.2 min'],
    [125, '2 h 5 min'],
    [1620, '1 d 3 h'],
    [-1.6, '-1.6 min'],
  ])('minutes %s -> %s', (v, out) => expect(formatMinutes(v)).toBe(out));
});
