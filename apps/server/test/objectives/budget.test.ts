import { describe, expect, it } from 'vitest';
import { type BudgetAlert, computeBudget, type MinuteResult } from '../../src/objectives/budget.js';

// Every figure below is worked out by hand in the comments beside it.

const NOW = Date.parse('2026-11-29T12:00:00Z');
const MIN = 60_000;
const alerts: BudgetAlert[] = [
  { severity: 'critical', burnRate: 14.4, long: '1h', short: '5m', longMs: 60 * MIN, shortMs: 5 * MIN },
  { severity: 'warning', burnRate: 6, long: '6h', short: '30m', longMs: 360 * MIN, shortMs: 30 * MIN },
];

/** Minutes `from`..`to` minutes before now (exclusive of `to`), bad where `bad` says. */
function minutes(from: number, to: number, bad: (ago: number) => boolean = () => false): MinuteResult[] {
  const out: MinuteResult[] = [];
  for (let ago = from; ago > to; ago--)
    out.push({ t: NOW - ago * MIN, bad: bad(ago), failing: bad(ago) ? ['c1'] : [] });
  return out;
}

describe('computeBudget', () => {
  it('counts good and bad minutes, rollup hours, burn rates and the exhaustion date', () => {
    // 120 minutes with results, the last 10 bad; an hour 20 h ago known only from its rollup, 10% failed
    const b = computeBudget({
      target: 99,
      windowMs: 7 * 1440 * MIN,
      alerts,
      now: NOW,
      minutes: minutes(120, 0, (ago) => ago <= 10),
      hours: [{ t: NOW - 20 * 60 * MIN, ratio: 0.1 }],
    });
    // raw: 110 good, 10 bad; the rollup hour: 60 minutes, 6 bad
    expect(b.good_minutes).toBe(164);
    expect(b.bad_minutes).toBe(16);
    expect(b.attainment).toBeCloseTo((164 / 180) * 100, 3); // 91.1111
    // 1% of 7 days = 100.8 minutes; 16 spent
    expect(b.budget.total_minutes).toBeCloseTo(100.8, 6);
    expect(b.budget.consumed_minutes).toBe(16);
    expect(b.budget.remaining_minutes).toBeCloseTo(84.8, 6);
    expect(b.budget.consumed_percent).toBeCloseTo(15.873, 3);
    expect(b.budget.remaining_percent).toBeCloseTo(84.127, 3);
    // 1h: 10 of 60 bad = 16.67% / 1% = 16.667; 5m: 5 of 5 = 100; both over 14.4
    expect(b.burn_rates[0]).toMatchObject({ long: '1h', short: '5m', firing: true });
    expect(b.burn_rates[0]?.rate_long).toBeCloseTo(16.6667, 3);
    expect(b.burn_rates[0]?.rate_short).toBeCloseTo(100, 6);
    // 6h: 10 of 120 = 8.333; 30m: 10 of 30 = 33.333; both over 6
    expect(b.burn_rates[1]?.rate_long).toBeCloseTo(8.3333, 3);
    expect(b.burn_rates[1]?.rate_short).toBeCloseTo(33.3333, 3);
    expect(b.burn_rates[1]?.firing).toBe(true);
    expect(b.status).toBe('critical');
    // the last hour spent 10 minutes: 1/6 a minute; 84.8 left last 508.8 minutes
    expect(b.exhaustion).toBe(new Date(NOW + 508.8 * MIN).toISOString());
    // one run of 10 bad minutes, and the rollup hour's 6
    expect(b.bad_intervals).toEqual([
      {
        start: new Date(NOW - 20 * 60 * MIN).toISOString(),
        end: new Date(NOW - 19 * 60 * MIN).toISOString(),
        minutes: 6,
        check_ids: [],
      },
      {
        start: new Date(NOW - 10 * MIN).toISOString(),
        end: new Date(NOW).toISOString(),
        minutes: 10,
        check_ids: ['c1'],
      },
    ]);
    expect(b.burn_down[0]?.remaining_percent).toBe(100);
    expect(b.burn_down.at(-1)?.remaining_percent).toBeCloseTo(84.127, 3);
  });

  it('counts neither way the minutes of a gap (a restart), and stops burning once recovered', () => {
    // 1h window at 90%: 6 minutes of budget; no results 30..11 minutes ago; 5 bad minutes 60..56 ago
    const b = computeBudget({
      target: 90,
      windowMs: 60 * MIN,
      alerts,
      now: NOW,
      minutes: [...minutes(60, 30, (ago) => ago >= 56), ...minutes(10, 0)],
      hours: [],
    });
    // 30 + 10 minutes with results, 5 bad
    expect(b.good_minutes).toBe(35);
    expect(b.bad_minutes).toBe(5);
    expect(b.attainment).toBe(87.5);
    expect(b.budget.total_minutes).toBeCloseTo(6, 6);
    expect(b.budget.remaining_minutes).toBeCloseTo(1, 6);
    // 1h: 5/40 = 12.5% over 10% = 1.25; 5m: nothing bad
    expect(b.burn_rates[0]).toMatchObject({ rate_long: 1.25, rate_short: 0, firing: false });
    expect(b.status).toBe('healthy');
    // 5 bad in the last hour: 1 left at 1/12 a minute lasts 12 minutes
    expect(b.exhaustion).toBe(new Date(NOW + 12 * MIN).toISOString());
  });

  it('reports an exhausted budget and no data', () => {
    const spent = computeBudget({
      target: 99,
      windowMs: 60 * MIN,
      alerts: [],
      now: NOW,
      minutes: minutes(60, 0, (ago) => ago === 1),
      hours: [],
    });
    // 0.6 minutes of budget, 1 spent
    expect(spent.budget.remaining_minutes).toBeCloseTo(-0.4, 6);
    expect(spent.status).toBe('exhausted');
    expect(spent.exhaustion).toBeNull();
    const empty = computeBudget({ target: 99, windowMs: 60 * MIN, alerts, now: NOW, minutes: [], hours: [] });
    expect(empty.attainment).toBeNull();
    expect(empty.status).toBe('nodata');
    expect(empty.burn_rates.every((r) => r.rate_long === 0 && !r.firing)).toBe(true);
  });
});
