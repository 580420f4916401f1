import { describe, expect, it } from 'vitest';
import { occurrences, parseMaintenanceSpec } from '../../src/maintenance/spec.js';
import { dailyBars } from '../../src/statusPages/bars.js';
import { esc } from '../../src/statusPages/render.js';

const H = 3_600_000;
const D = 24 * H;
const iso = (pairs: Array<[number, number]>) =>
  pairs.map(([s, e]) => [new Date(s).toISOString(), new Date(e).toISOString()]);

describe('maintenance occurrences', () => {
  it('follows the time zone across the switch to summer time, within start and end', () => {
    const { window } = parseMaintenanceSpec({
      schedule: '30 1 * * *',
      duration: '1h',
      timezone: 'America/New_York',
      start: '2026-03-07T00:00:00Z',
      end: '2026-03-10T00:00:00Z',
      checks: [{ name: 'x' }],
    });
    // 01:30 New York is 06:30 UTC before 8 March 2026 and 05:30 UTC after
    expect(iso(occurrences(window, Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-03-20T00:00:00Z')))).toEqual([
      ['2026-03-07T06:30:00.000Z', '2026-03-07T07:30:00.000Z'],
      ['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z'],
      ['2026-03-09T05:30:00.000Z', '2026-03-09T06:30:00.000Z'],
    ]);
  });

  it('includes an occurrence that began before the range and is still going', () => {
    const { window } = parseMaintenanceSpec({ schedule: '0 22 * * *', duration: '4h', checks: [{ name: 'x' }] });
    const t = Date.parse('2026-05-02T01:00:00Z');
    expect(iso(occurrences(window, t, t + 1))).toEqual([['2026-05-01T22:00:00.000Z', '2026-05-02T02:00:00.000Z']]);
  });
});

describe('daily bars and escaping', () => {
  it('leaves maintenance hours out of the uptime and marks their day', () => {
    const first = Date.parse('2026-05-01T00:00:00Z');
    const hours: Array<[number, number, number]> = [
      [first + 10 * H, 0, 6], // inside maintenance
      [first + 11 * H, 6, 0],
      [first + D + 3 * H, 3, 3],
    ];
    const bars = dailyBars(hours, [[first + 10 * H, first + 10 * H + 600_000]], first, 3);
    expect(bars.days).toEqual([
      { date: '2026-05-01', status: 'maintenance', uptime: 1 },
      { date: '2026-05-02', status: 'outage', uptime: 0.5 },
      { date: '2026-05-03', status: 'nodata', uptime: null },
    ]);
    expect(bars.uptime).toBe(9 / 12);
  });

  it('escapes what it renders', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
