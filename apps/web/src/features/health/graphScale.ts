// Axis arithmetic of the latency graph: round ticks for the latency axis, calendar-aligned ticks
// for the time axis, and the point nearest the pointer. Pure, so the unit tests pin it down.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Round tick values from 0 up to at least `max` (about `count` of them): 0, 20, 40... or 0, 0.5, 1... */
export function latencyTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length < 20; v += step) ticks.push(Number(v.toPrecision(12)));
  if ((ticks.at(-1) ?? 0) < max) ticks.push(Number(((ticks.at(-1) ?? 0) + step).toPrecision(12)));
  return ticks;
}

/** The latency axis unit for a top value: ms under 2 s, else s, m or h. */
export function latencyUnit(max: number): { unit: 'ms' | 's' | 'm' | 'h'; per: number } {
  if (max < 2 * SECOND) return { unit: 'ms', per: 1 };
  if (max < 2 * MINUTE) return { unit: 's', per: SECOND };
  if (max < 2 * HOUR) return { unit: 'm', per: MINUTE };
  return { unit: 'h', per: HOUR };
}

const TIME_STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  90 * DAY,
  180 * DAY,
  365 * DAY,
];

/**
 * Time ticks between `from` and `to` at a round step giving at most `count` ticks, aligned to the
 * step in local time (10:00, 10:15...; midnights for day steps). `offsetMinutes` is the local
 * zone's offset (Date#getTimezoneOffset), a parameter so tests do not depend on the machine's zone.
 */
export function timeTicks(from: number, to: number, count = 6, offsetMinutes = 0): { ticks: number[]; step: number } {
  const span = Math.max(to - from, 1);
  const step = TIME_STEPS.find((s) => span / s <= count) ?? 365 * DAY;
  const offset = offsetMinutes * MINUTE;
  const first = Math.ceil((from - offset) / step) * step + offset;
  const ticks: number[] = [];
  for (let t = first; t <= to && ticks.length < 50; t += step) ticks.push(t);
  return { ticks, step };
}

/** A tick's label: the time of day for steps under a day (spanning days: with the date), else the date. */
export function timeTickLabel(t: number, step: number, spansDays: boolean, locale?: string): string {
  const d = new Date(t);
  if (step >= DAY) return d.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return spansDays ? `${d.toLocaleDateString(locale, { month: 'short', day: 'numeric' })} ${time}` : time;
}

/** Index of the value in the sorted `xs` nearest to `x` (-1 when empty). */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs((xs[lo - 1] as number) - x) <= Math.abs((xs[lo] as number) - x)) return lo - 1;
  return lo;
}
