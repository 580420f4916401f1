import { describe, expect, it } from 'vitest';
import { parseSchedule, ScheduleError } from '../../src/health/schedule.js';

const at = (iso: string) => new Date(iso);

describe('schedules', () => {
  it('runs @every at a fixed spacing from a random first run within one interval', () => {
    const s = parseSchedule('@every 1m30s', 'a');
    const now = at('2026-01-01T00:00:00Z');
    const first = s.first(now);
    expect(first.getTime() - now.getTime()).toBeGreaterThanOrEqual(0);
    expect(first.getTime() - now.getTime()).toBeLessThan(90_000);
    expect(s.next(first).getTime() - first.getTime()).toBe(90_000);
  });

  it('resumes after downtime on the same phase, within one interval', () => {
    const s = parseSchedule('@every 60s', 'a');
    const stored = at('2026-01-01T00:00:10Z');
    const resumed = s.resume(stored, at('2026-01-01T01:17:33Z'));
    expect(resumed.toISOString()).toBe('2026-01-01T01:18:10.000Z');
    expect(s.resume(at('2026-01-01T02:00:00Z'), at('2026-01-01T01:00:00Z')).toISOString()).toBe(
      '2026-01-01T02:00:00.000Z',
    );
  });

  it('runs a run missed by less than half an interval once, half an interval after it; a cron one never', () => {
    const s = parseSchedule('@every 60s', 'a');
    const stored = at('2026-01-01T00:00:10Z');
    expect(s.catchUp(stored, at('2026-01-01T00:00:17Z'))?.toISOString()).toBe('2026-01-01T00:00:40.000Z');
    expect(s.catchUp(stored, at('2026-01-01T00:00:40Z'))).toBeUndefined();
    expect(s.catchUp(stored, at('2026-01-01T00:00:05Z'))).toBeUndefined();
    expect(parseSchedule('@hourly', 'a').catchUp(stored, at('2026-01-01T00:00:17Z'))).toBeUndefined();
  });

  it('runs cron lines and descriptors at their times plus a small stable per-canary offset', () => {
    const hourly = parseSchedule('@hourly', 'canary-1');
    const next = hourly.next(at('2026-01-01T10:20:00Z'));
    const offset = next.getTime() - at('2026-01-01T11:00:00Z').getTime();
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(10_000);
    expect(parseSchedule('@hourly', 'canary-1').next(at('2026-01-01T10:20:00Z')).getTime()).toBe(next.getTime());
    expect(hourly.next(next).getTime() - next.getTime()).toBe(3_600_000);

    const fiveField = parseSchedule('*/5 * * * *', 'x');
    const n5 = fiveField.next(at('2026-01-01T10:01:00Z'));
    expect(n5.getTime() - at('2026-01-01T10:05:00Z').getTime()).toBeLessThan(30_000);
    const sixField = parseSchedule('*/10 * * * * *', 'x');
    const n6 = sixField.next(at('2026-01-01T10:00:01Z'));
    expect(n6.getTime() - at('2026-01-01T10:00:10Z').getTime()).toBeLessThan(1000);
  });

  it('refuses what it cannot run, saying why', () => {
    expect(() => parseSchedule('@every 500ms', 'x')).toThrow(/shortest interval is 1s/);
    expect(() => parseSchedule('@fortnightly', 'x')).toThrow(ScheduleError);
    expect(() => parseSchedule('0 25 * * *', 'x')).toThrow(/hour/);
    expect(() => parseSchedule('0 0 31 2 *', 'x')).toThrow(/never runs/);
  });
});
