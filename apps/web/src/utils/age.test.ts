import { describe, expect, it } from 'vitest';
import { formatAge, formatAgeWithSuffix, toDate } from './age.js';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatAge', () => {
  it.each([
    [ago(0), 'now'],
    [ago(999), 'now'],
    [ago(12_000), '12s'],
    [ago(60_000), '1m'],
    [ago(59 * 60_000), '59m'],
    [ago(3_600_000), '1h'],
    [ago(23 * 3_600_000 + 59 * 60_000), '23h'],
    [ago(86_400_000), '1d'],
    [ago(29 * 86_400_000), '29d'],
    [ago(30 * 86_400_000), '1mo'],
    [ago(200 * 86_400_000), '6mo'],
    [ago(365 * 86_400_000), '1y'],
    [ago(3 * 365 * 86_400_000), '3y'],
    [new Date(now.getTime() + 5000), 'now'],
    [now.getTime() - 90_000, '1m'],
    ['not a date', ''],
    [null, ''],
    [undefined, ''],
  ])('%s -> %s', (input, expected) => {
    expect(formatAge(input, now)).toBe(expected);
  });
});

describe('formatAgeWithSuffix', () => {
  it.each([
    [ago(0), ' ago', 'just now'],
    [ago(999), ' ago', 'just now'],
    [new Date(now.getTime() + 5000), ' ago', 'just now'],
    [ago(12_000), ' ago', '12s ago'],
    [ago(3_600_000), ' ago', '1h ago'],
    [ago(0), '', 'now'],
    [null, ' ago', ''],
  ])('%s with %j -> %s', (input, suffix, expected) => {
    expect(formatAgeWithSuffix(input, suffix, now)).toBe(expected);
  });
});

describe('toDate', () => {
  it('reads ISO strings, epoch ms and Dates; rejects garbage', () => {
    expect(toDate('2026-01-01T00:00:00Z')?.getTime()).toBe(Date.UTC(2026, 0, 1));
    expect(toDate(0)?.getTime()).toBe(0);
    expect(toDate(now)).toBe(now);
    expect(toDate('')).toBeUndefined();
    expect(toDate('yesterday')).toBeUndefined();
  });
});
