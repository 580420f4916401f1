import type {
  ObjectiveBurnRate,
  ObjectiveDetail,
  ObjectiveFigures,
  ObjectiveSeverity,
  ObjectiveStatus,
} from '@opsdeck/schema';

/**
 * The error budget of an objective, computed from its minutes without reading anything.
 *
 * A minute is the unit: it is bad when any selected check's result in it failed (for a latency
 * indicator, when the percentile of the durations in it exceeded the threshold), good when it has
 * results and none is bad; a minute without a result counts neither. Where raw results are gone
 * and only an hourly rollup remains, its hour counts as 60 minutes (fewer where the window cuts
 * it), of which the failed share of the worst check are bad.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** How far back the "current burn" of the exhaustion date looks. */
export const CURRENT_BURN_MS = HOUR_MS;
/** Points of the burn-down series. */
const BURN_DOWN_POINTS = 120;

/** One minute with results (t: the minute's start, epoch ms). */
export interface MinuteResult {
  t: number;
  bad: boolean;
  /** Checks whose results made the minute bad. */
  failing?: string[];
}

/** An hour known only from its rollup: `ratio` of it was bad (0..1). */
export interface HourEstimate {
  t: number;
  ratio: number;
}

export interface BudgetAlert {
  severity: ObjectiveSeverity;
  burnRate: number;
  long: string;
  short: string;
  longMs: number;
  shortMs: number;
}

export interface BudgetInput {
  /** Percent, 0 < target < 100. */
  target: number;
  windowMs: number;
  alerts: BudgetAlert[];
  now: number;
  minutes: MinuteResult[];
  hours: HourEstimate[];
}

/** The figures computed from results: the shared response's, less what the objective row gives. */
export type Budget = Pick<
  ObjectiveFigures,
  'good_minutes' | 'bad_minutes' | 'attainment' | 'budget' | 'burn_rates' | 'exhaustion' | 'status' | 'burn_down'
> &
  Pick<ObjectiveDetail, 'bad_intervals'>;

/** Rounds a figure for the reply (4 decimals). */
const r4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Good and bad minutes whose start lies in [from, to). */
export function countMinutes(input: Pick<BudgetInput, 'minutes' | 'hours'>, from: number, to: number) {
  let good = 0;
  let bad = 0;
  for (const m of input.minutes) {
    if (m.t < from || m.t >= to) continue;
    if (m.bad) bad++;
    else good++;
  }
  for (const h of input.hours) {
    const observed = Math.max(0, Math.min(h.t + HOUR_MS, to) - Math.max(h.t, from)) / MINUTE_MS;
    if (observed <= 0) continue;
    const b = Math.round(observed * h.ratio);
    bad += b;
    good += observed - b;
  }
  return { good, bad };
}

/** The burn rate over [now - span, now): the share of bad minutes over the share the target allows. */
export function burnRate(input: BudgetInput, span: number): number {
  const { good, bad } = countMinutes(input, input.now - span, input.now);
  if (good + bad === 0) return 0;
  return bad / (good + bad) / (1 - input.target / 100);
}

/** Every figure of the objective at `input.now` (see the module comment for what a minute is). */
export function computeBudget(input: BudgetInput): Budget {
  const from = input.now - input.windowMs;
  const { good, bad } = countMinutes(input, from, input.now);
  const total = (1 - input.target / 100) * (input.windowMs / MINUTE_MS);
  const remaining = total - bad;
  const burn_rates = input.alerts.map((a): ObjectiveBurnRate => {
    const rateLong = burnRate(input, a.longMs);
    const rateShort = burnRate(input, a.shortMs);
    return {
      severity: a.severity,
      burn_rate: a.burnRate,
      long: a.long,
      short: a.short,
      rate_long: r4(rateLong),
      rate_short: r4(rateShort),
      firing: rateLong > a.burnRate && rateShort > a.burnRate,
    };
  });
  // consumption at the current burn: bad minutes per minute over the last hour
  const recent = countMinutes(input, input.now - CURRENT_BURN_MS, input.now).bad / (CURRENT_BURN_MS / MINUTE_MS);
  const exhaustion =
    remaining > 0 && recent > 0 ? new Date(input.now + (remaining / recent) * MINUTE_MS).toISOString() : null;
  const firing = (s: ObjectiveSeverity) => burn_rates.some((b) => b.firing && b.severity === s);
  const status: ObjectiveStatus =
    good + bad === 0
      ? 'nodata'
      : remaining <= 0
        ? 'exhausted'
        : firing('critical')
          ? 'critical'
          : firing('warning')
            ? 'warning'
            : 'healthy';
  return {
    good_minutes: good,
    bad_minutes: bad,
    attainment: good + bad === 0 ? null : r4((good / (good + bad)) * 100),
    budget: {
      total_minutes: r4(total),
      consumed_minutes: bad,
      remaining_minutes: r4(remaining),
      consumed_percent: r4((bad / total) * 100),
      remaining_percent: r4((remaining / total) * 100),
    },
    burn_rates,
    exhaustion,
    status,
    burn_down: burnDown(input, from, total),
    bad_intervals: badIntervals(input, from),
  };
}

/** Remaining budget (percent) at evenly spaced times from the window's start to now. */
function burnDown(input: BudgetInput, from: number, total: number): Budget['burn_down'] {
  const badAt: Array<[number, number]> = [
    ...input.minutes.filter((m) => m.bad && m.t >= from && m.t < input.now).map((m): [number, number] => [m.t, 1]),
    ...input.hours.flatMap((h): Array<[number, number]> => {
      const n = countMinutes({ minutes: [], hours: [h] }, from, input.now).bad;
      return n > 0 ? [[Math.max(h.t, from), n]] : [];
    }),
  ].sort((a, b) => a[0] - b[0]);
  const step = input.windowMs / BURN_DOWN_POINTS;
  const out: Budget['burn_down'] = [];
  let used = 0;
  let i = 0;
  for (let p = 0; p <= BURN_DOWN_POINTS; p++) {
    const at = from + p * step;
    while (i < badAt.length && (badAt[i] as [number, number])[0] < at) used += (badAt[i++] as [number, number])[1];
    out.push({ time: new Date(at).toISOString(), remaining_percent: r4(((total - used) / total) * 100) });
  }
  return out;
}

/** Most bad intervals listed (the newest). */
const MAX_INTERVALS = 200;

/** Runs of consecutive bad minutes (and estimated bad hours), oldest first. */
function badIntervals(input: BudgetInput, from: number): Budget['bad_intervals'] {
  const runs: Array<{ start: number; end: number; minutes: number; ids: Set<string> }> = [];
  const bad = input.minutes.filter((m) => m.bad && m.t >= from && m.t < input.now).sort((a, b) => a.t - b.t);
  for (const m of bad) {
    const last = runs.at(-1);
    if (last && last.end === m.t) {
      last.end = m.t + MINUTE_MS;
      last.minutes++;
      for (const id of m.failing ?? []) last.ids.add(id);
    } else {
      runs.push({ start: m.t, end: m.t + MINUTE_MS, minutes: 1, ids: new Set(m.failing ?? []) });
    }
  }
  for (const h of input.hours) {
    const n = countMinutes({ minutes: [], hours: [h] }, from, input.now).bad;
    if (n > 0) runs.push({ start: Math.max(h.t, from), end: h.t + HOUR_MS, minutes: n, ids: new Set() });
  }
  runs.sort((a, b) => a.start - b.start);
  return runs.slice(-MAX_INTERVALS).map((r) => ({
    start: new Date(r.start).toISOString(),
    end: new Date(r.end).toISOString(),
    minutes: r.minutes,
    check_ids: [...r.ids],
  }));
}
