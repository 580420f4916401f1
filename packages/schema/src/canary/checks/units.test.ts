import { describe, expect, it } from 'vitest';
import { parseDuration, parseSize } from './units.js';

describe('durations', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['1m30s', 90_000],
    ['2h', 7_200_000],
    ['1.5h', 5_400_000],
    ['7d', 604_800_000],
    ['1w', 604_800_000],
    ['0', 0],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '5', 'soon', '1x', '1h 30m', 'h1'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('sizes', () => {
  it.each([
    ['512', 512],
    ['10Ki', 10_240],
    ['10KB', 10_240],
    ['1Mi', 1_048_576],
    ['1.5G', 1_610_612_736],
    ['2gib', 2_147_483_648],
  ])('%s is %d bytes', (text, bytes) => expect(parseSize(text)).toBe(bytes));

  it.each(['', 'big', '10Q', '-1Mi'])('%j is not a size', (text) => expect(parseSize(text)).toBeUndefined());
});
