import { z } from 'zod';

/**
 * The one parser and formatter of durations, shared by server and web. Specs write Go durations
 * (`500ms`, `1m30s`, `2h`) extended with days, weeks and years (`7d`, `1w`, `1y` = 365 days), as
 * canary-checker and the notification specs do; `parseGoDuration` is Go's own grammar for the APIs
 * that take exactly that (access token expiry).
 */

/** Milliseconds per duration unit; `y` is a fixed 365 days (calendar years are date math's). */
export const DURATION_UNITS_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const DURATION_PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/y;
const GO_UNITS = new Set(['ns', 'us', 'µs', 'ms', 's', 'm', 'h']);

/** Sums `<number><unit>` parts covering all of `s`; undefined when anything else is left. */
function sumParts(s: string, units?: ReadonlySet<string>): number | undefined {
  let total = 0;
  DURATION_PART.lastIndex = 0;
  while (DURATION_PART.lastIndex < s.length) {
    const at = DURATION_PART.lastIndex;
    const m = DURATION_PART.exec(s);
    if (!m || m.index !== at) return undefined;
    const unit = m[2] as string;
    if (units && !units.has(unit)) return undefined;
    total += Number(m[1]) * (DURATION_UNITS_MS[unit] as number);
  }
  return total;
}

export interface DurationOptions {
  /** A bare number counts seconds (`90` = 90s), as notification specs allow. */
  bareSeconds?: boolean;
}

/**
 * Parses `1h30m`, `500ms`, `7d` (a bare `0` is zero) into milliseconds; undefined when malformed.
 * Surrounding blanks are ignored, blanks inside are not (`1h 30m` is refused).
 */
export function parseDuration(text: string, options: DurationOptions = {}): number | undefined {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '') return undefined;
  if (options.bareSeconds && /^\d+(\.\d+)?$/.test(s)) return Number(s) * 1000;
  return sumParts(s);
}

/**
 * Milliseconds of `text` rounded to a whole millisecond, or an Error saying what a duration looks
 * like: for specs whose validation reports the message.
 */
export function requireDuration(text: string, options: DurationOptions = {}): number {
  const ms = parseDuration(text, options);
  if (ms === undefined) {
    throw new Error(`invalid duration "${text}": use a number with a unit, such as 30s, 15m, 4h or 1h30m`);
  }
  return Math.round(ms);
}

/**
 * Go's `time.ParseDuration`: an optional sign, then parts in ns, us (µs), ms, s, m or h, or a bare
 * `0`; no days and no blanks. Milliseconds, or undefined when malformed.
 */
export function parseGoDuration(text: string): number | undefined {
  const sign = text.startsWith('-') ? -1 : 1;
  const s = text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text;
  if (s === '0') return 0;
  if (s === '') return undefined;
  const ms = sumParts(s, GO_UNITS);
  return ms === undefined ? undefined : sign * ms;
}

/** A duration in the Go form the token API takes (`2160h`, `90m`, `45s`), rounded down. */
export function formatGoDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms >= 60_000) return `${Math.floor(ms / 60_000)}m`;
  return `${Math.floor(ms / 1000)}s`;
}

/** A duration string field (`30s`, `1h30m`, `7d`). */
export const durationSchema = z.string().refine((v) => parseDuration(v) !== undefined, {
  message: 'expected a duration such as 500ms, 30s, 1m30s, 2h or 7d',
});

/** An environment setting in Go's duration form (`10s`, `1h30m`), read as milliseconds. */
export function goDurationSetting(example: string) {
  return z
    .string()
    .refine((v) => (parseGoDuration(v) ?? -1) >= 0, `a duration such as ${example}`)
    .transform((v) => parseGoDuration(v) as number);
}
