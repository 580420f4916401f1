import { describe, expect, it } from 'vitest';
import { dateMathProblem, resolveDateMath } from './dateMath.js';

const now = new Date('2026-03-18T15:42:07.250Z'); // a Wednesday

describe('date math (folder filter.since)', () => {
  it.each([
    ['now', '2026-03-18T15:42:07.250Z'],
    ['now-60d', '2026-01-17T15:42:07.250Z'],
    ['now-1h', '2026-03-18T14:42:07.250Z'],
    ['now+30m', '2026-03-18T16:12:07.250Z'],
    ['now-1M', '2026-02-18T15:42:07.250Z'],
    ['now-1y', '2025-03-18T15:42:07.250Z'],
    ['now/d', '2026-03-18T00:00:00.000Z'],
    ['now-1d/d', '2026-03-17T00:00:00.000Z'],
    ['now/w', '2026-03-16T00:00:00.000Z'],
    ['now/M', '2026-03-01T00:00:00.000Z'],
    ['now/y', '2026-01-01T00:00:00.000Z'],
    ['now/h', '2026-03-18T15:00:00.000Z'],
    ['now-2w-3d/d', '2026-03-01T00:00:00.000Z'],
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31||+1M/d', '2026-03-03T00:00:00.000Z'],
    ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.000Z'],
    ['2026-01-02T03:04:05+02:00', '2026-01-02T01:04:05.000Z'],
  ])('%s', (text, iso) => {
    expect(resolveDateMath(text, now)?.toISOString()).toBe(iso);
  });

  it.each(['yesterday', 'now-', 'now-5x', 'now-1d//d', '2026-13-45', ''])('refuses %j', (text) => {
    expect(resolveDateMath(text, now)).toBeUndefined();
    expect(dateMathProblem(text)).toMatch(/expected an RFC 3339 time or date math/);
  });
});
