import { describe, expect, it } from 'vitest';
import { dateMathProblem, requireDateMath, resolveDateMath } from './dateMath.js';

const now = new Date('2026-03-18T15:42:07.250Z'); // a Wednesday

describe('date math', () => {
  it.each([
    ['now', '2026-03-18T15:42:07.250Z'],
    ['now-60d', '2026-01-17T15:42:07.250Z'],
    ['now-1h', '2026-03-18T14:42:07.250Z'],
    ['now+30m', '2026-03-18T16:12:07.250Z'],
    ['now+2h', '2026-03-18T17:42:07.250Z'],
    ['now-500ms', '2026-03-18T15:42:06.750Z'],
    ['now-1M', '2026-02-18T15:42:07.250Z'],
    ['now+1M', '2026-04-18T15:42:07.250Z'],
    ['now-1y', '2025-03-18T15:42:07.250Z'],
    ['now/d', '2026-03-18T00:00:00.000Z'],
    ['now-1d/d', '2026-03-17T00:00:00.000Z'],
    ['now+1d/d', '2026-03-19T00:00:00.000Z'],
    ['now/w', '2026-03-16T00:00:00.000Z'],
    ['now/M', '2026-03-01T00:00:00.000Z'],
    ['now/y', '2026-01-01T00:00:00.000Z'],
    ['now/h', '2026-03-18T15:00:00.000Z'],
    ['now/H', '2026-03-18T15:00:00.000Z'],
    ['now/s', '2026-03-18T15:42:07.000Z'],
    ['now-2w-3d/d', '2026-03-01T00:00:00.000Z'],
    // a step may chain duration parts, as the catalog's `now-1h30m` filters write it
    ['now-1h30m', '2026-03-18T14:12:07.250Z'],
    ['now-1.5h', '2026-03-18T14:12:07.250Z'],
    [' now - 1h ', '2026-03-18T14:42:07.250Z'],
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31||+1M/d', '2026-03-03T00:00:00.000Z'],
    ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.000Z'],
    ['2026-01-02T03:04:05+02:00', '2026-01-02T01:04:05.000Z'],
  ])('%s', (text, iso) => {
    expect(resolveDateMath(text, now)?.toISOString()).toBe(iso);
  });

  it.each([
    'yesterday',
    'tomorrowish',
    'now-',
    'now-5x',
    'now-1d//d',
    'now+2',
    'now 2h',
    'now-1.5M',
    '2026-13-45',
    '12/03/2025',
    '1h',
    '1767225600',
    '',
  ])('refuses %j', (text) => {
    expect(resolveDateMath(text, now)).toBeUndefined();
    expect(dateMathProblem(text)).toMatch(/expected an RFC 3339 time or date math/);
  });

  it('reads a bare duration as that long ago where a time range field takes it', () => {
    const ago = { durationAgo: true };
    expect(resolveDateMath('1h', now, ago)?.toISOString()).toBe('2026-03-18T14:42:07.250Z');
    expect(resolveDateMath('7d', now, ago)?.toISOString()).toBe('2026-03-11T15:42:07.250Z');
    expect(resolveDateMath('now-15m', now, ago)?.toISOString()).toBe('2026-03-18T15:27:07.250Z');
    expect(resolveDateMath('2026-01-02T03:04:05Z', now, ago)?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(resolveDateMath('0', now, ago)).toBeUndefined();
  });

  it('reads a bare number as unix seconds where Prometheus times take it', () => {
    const unix = { unixSeconds: true, durationAgo: true };
    expect(resolveDateMath('1767225600', now, unix)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(resolveDateMath('1767225600.5', now, unix)?.toISOString()).toBe('2026-01-01T00:00:00.500Z');
    expect(resolveDateMath('0', now, unix)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('says which forms a request field accepts', () => {
    expect(requireDateMath('now-1d', now).toISOString()).toBe('2026-03-17T15:42:07.250Z');
    expect(() => requireDateMath('tomorrowish', now)).toThrow('invalid time "tomorrowish": use now, now+2h');
  });
});
