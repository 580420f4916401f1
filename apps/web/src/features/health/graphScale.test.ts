import { describe, expect, it } from 'vitest';
import { latencyTicks, latencyUnit, nearestIndex, timeTickLabel, timeTicks } from './graphScale.js';

describe('latency axis', () => {
  it.each([
    [87, [0, 25, 50, 75, 100]],
    [1, [0, 0.25, 0.5, 0.75, 1]],
    [400, [0, 100, 200, 300, 400]],
    [1234, [0, 500, 1000, 1500]],
    [0, [0, 1]],
  ])('ticks up to %s are %o', (max, ticks) => expect(latencyTicks(max)).toEqual(ticks));

  it('names a unit that keeps tick labels short', () => {
    expect(latencyUnit(850)).toEqual({ unit: 'ms', per: 1 });
    expect(latencyUnit(4500)).toEqual({ unit: 's', per: 1000 });
    expect(latencyUnit(10 * 60_000)).toEqual({ unit: 'm', per: 60_000 });
  });
});

describe('time axis', () => {
  const at = (iso: string) => Date.parse(iso);

  it('puts ticks on round times: every 10 minutes over an hour', () => {
    const { ticks, step } = timeTicks(at('2026-03-10T10:03:00Z'), at('2026-03-10T11:03:00Z'), 6);
    expect(step).toBe(10 * 60_000);
    expect(ticks.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '10:10',
      '10:20',
      '10:30',
      '10:40',
      '10:50',
      '11:00',
    ]);
  });

  it('aligns day ticks to local midnight through the zone offset', () => {
    // UTC+2 has offset -120: local midnight is 22:00 UTC
    const { ticks, step } = timeTicks(at('2026-03-01T00:00:00Z'), at('2026-03-06T00:00:00Z'), 6, -120);
    expect(step).toBe(86_400_000);
    expect(new Date(ticks[0] as number).toISOString()).toBe('2026-03-01T22:00:00.000Z');
  });

  it('labels with the time of day, adding the date when the range spans days', () => {
    const t = at('2026-03-10T10:30:00Z');
    expect(timeTickLabel(t, 600_000, false, 'en-GB')).toMatch(/^\d\d:\d\d$/);
    expect(timeTickLabel(t, 3_600_000, true, 'en-GB')).toMatch(/^\d+ Mar \d\d:\d\d$/);
    expect(timeTickLabel(t, 86_400_000, true, 'en-GB')).toMatch(/^\d+ Mar$/);
  });
});

describe('nearestIndex', () => {
  it('finds the point nearest the pointer', () => {
    const xs = [10, 20, 40];
    expect(nearestIndex(xs, 0)).toBe(0);
    expect(nearestIndex(xs, 14)).toBe(0);
    expect(nearestIndex(xs, 16)).toBe(1);
    expect(nearestIndex(xs, 31)).toBe(2);
    expect(nearestIndex(xs, 99)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});
