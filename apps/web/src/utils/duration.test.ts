import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [1, '1ms'],
    [250.4, '250ms'],
    [999, '999ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [59_940, '59.9s'],
    [59_990, '60s'],
    [60_000, '1m'],
    [125_000, '2m5s'],
    [3_600_000, '1h'],
    [3_660_000, '1h1m'],
    [5_400_000, '1h30m'],
    [3_601_000, '1h'],
    [86_400_000, '1d'],
    [273_600_000, '3d4h'],
    [-1500, '-1.5s'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
  ])('%s -> %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});
