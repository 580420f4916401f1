import { DURATION_UNITS_MS, parseDuration } from './duration.js';

/**
 * The one date math parser, shared by server and web: an anchor, `now` or a date (`2026-01-02`,
 * RFC 3339; a date followed by `||` when math follows), then any number of steps `+<duration>` /
 * `-<duration>` and roundings down `/<unit>`. A step's duration may chain parts (`now-1h30m`).
 * Units: y and M (calendar years and months), w, d, h (or H), m, s, ms. Times are UTC; weeks start
 * on Monday. `now-60d`, `now-1d/d`, `now+2h`, `2026-01-31||+1M/d`. Blanks inside `now` math are
 * ignored (`now - 1h`).
 */

export interface DateMathOptions {
  /** A bare duration (`1h`, `7d`) means that long before now, as time range fields take it. */
  durationAgo?: boolean;
  /** A bare number (`1767225600`) is a unix time in seconds, as Prometheus takes it. */
  unixSeconds?: boolean;
}

const UNIT = '(?:ns|us|µs|ms|s|m|h|H|d|w|M|y)';
const STEP = new RegExp(`([+-])((?:\\d+(?:\\.\\d+)?${UNIT})+)|\\/(ms|s|m|h|H|d|w|M|y)`, 'y');
const STEP_PART = new RegExp(`(\\d+(?:\\.\\d+)?)(${UNIT.slice(3, -1)})`, 'g');
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/** The time `text` names relative to `now`, or undefined when it is neither a date nor date math. */
export function resolveDateMath(text: string, now: Date, options: DateMathOptions = {}): Date | undefined {
  const s = text.trim();
  if (options.unixSeconds && /^\d+(\.\d+)?$/.test(s)) return new Date(Number(s) * 1000);
  if (options.durationAgo && /[a-z]$/i.test(s)) {
    const ago = parseDuration(s);
    if (ago !== undefined) return new Date(now.getTime() - ago);
  }
  if (s.startsWith('now')) return applySteps(new Date(now.getTime()), s.slice(3).replace(/\s+/g, ''));
  const bar = s.indexOf('||');
  const anchor = bar >= 0 ? s.slice(0, bar) : s;
  if (!DATE_PREFIX.test(anchor)) return undefined;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(anchor) ? `${anchor}T00:00:00Z` : anchor);
  if (Number.isNaN(at.getTime())) return undefined;
  return bar >= 0 ? applySteps(at, s.slice(bar + 2)) : at;
}

/** Why `text` is not date math, or undefined when it is. */
export function dateMathProblem(text: string): string | undefined {
  return resolveDateMath(text, new Date(0))
    ? undefined
    : `'${text}': expected an RFC 3339 time or date math such as now-60d, now-1d/d or 2026-01-31||+1M (units y, M, w, d, h, m, s, ms)`;
}

/**
 * `resolveDateMath`, or an Error naming the accepted forms: for request fields whose 400 carries
 * the message.
 */
export function requireDateMath(text: string, now: Date, options: DateMathOptions = {}): Date {
  const at = resolveDateMath(text, now, options);
  if (!at) throw new Error(`invalid time "${text}": use now, now+2h, now-1d/d or an RFC 3339 time`);
  return at;
}

function applySteps(start: Date, steps: string): Date | undefined {
  let at = start;
  STEP.lastIndex = 0;
  while (STEP.lastIndex < steps.length) {
    const m = STEP.exec(steps);
    if (!m) return undefined;
    if (m[3]) {
      at = roundDown(at, m[3]);
      continue;
    }
    const sign = m[1] === '-' ? -1 : 1;
    for (const [, n, unit] of (m[2] as string).matchAll(STEP_PART)) {
      const next = shift(at, sign * Number(n), unit as string);
      if (!next) return undefined;
      at = next;
    }
  }
  return at;
}

/** `at` moved by `n` units; calendar units take whole numbers only (half a month has no length). */
function shift(at: Date, n: number, unit: string): Date | undefined {
  const d = new Date(at.getTime());
  if (unit === 'y' || unit === 'M') {
    if (!Number.isInteger(n)) return undefined;
    if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
    else d.setUTCMonth(d.getUTCMonth() + n);
    return d;
  }
  d.setTime(d.getTime() + n * (DURATION_UNITS_MS[unit === 'H' ? 'h' : unit] as number));
  return d;
}

function roundDown(at: Date, unit: string): Date {
  const d = new Date(at.getTime());
  if (unit === 'ms') return d;
  d.setUTCMilliseconds(0);
  if (unit === 's') return d;
  d.setUTCSeconds(0);
  if (unit === 'm') return d;
  d.setUTCMinutes(0);
  if (unit === 'h' || unit === 'H') return d;
  d.setUTCHours(0);
  if (unit === 'd') return d;
  if (unit === 'w') {
    // ISO weeks: Monday is the first day
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d;
  }
  d.setUTCDate(1);
  if (unit === 'M') return d;
  d.setUTCMonth(0);
  return d;
}
