import { describe, expect, it } from 'vitest';
import { formatGoDuration, parseDuration, parseGoDuration, requireDuration } from './duration.js';

describe('durations in specs', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['1m30s', 90_000],
    ['2h', 7_200_000],
    ['1.5h', 5_400_000],
    ['7d', 604_800_000],
    ['1w', 604_800_000],
    ['1y', 31_536_000_000],
    ['30d12h', 2_635_200_000],
    ['250us', 0.25],
    [' 4h ', 14_400_000],
    ['0', 0],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '5', 'soon', '1x', '1h 30m', 'h1', '-1h', '1M'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('reads a bare number as seconds where a spec allows it (notification intervals)', () => {
    expect(parseDuration('90', { bareSeconds: true })).toBe(90_000);
    expect(parseDuration('1.5', { bareSeconds: true })).toBe(1500);
    expect(parseDuration('90')).toBeUndefined();
  });

  it('rounds to whole milliseconds or says what a duration looks like', () => {
    expect(requireDuration('4h')).toBe(14_400_000);
    expect(requireDuration('1500us')).toBe(2);
    expect(() => requireDuration('soon')).toThrow('invalid duration "soon": use a number with a unit');
  });
});

describe('Go durations (access token expiry)', () => {
  it.each([
    ['720h', 2_592_000_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['-2h45m', -9_900_000],
    ['+1m', 60_000],
    ['0', 0],
    ['500µs', 0.5],
  ])('%s is %d ms', (text, ms) => expect(parseGoDuration(text)).toBe(ms));

  it.each(['', '7d', '1w', ' 1h', '1h ', 'soon', '-'])('%j is not a Go duration', (text) => {
    expect(parseGoDuration(text)).toBeUndefined();
  });

  it.each([
    [7_776_000_000, '2160h'],
    [5_400_000, '90m'],
    [45_999, '45s'],
    [3_600_000, '1h'],
  ])('%d ms is written %s', (ms, text) => expect(formatGoDuration(ms)).toBe(text));
});
