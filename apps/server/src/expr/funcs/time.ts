import { parseDuration } from '@opsdeck/schema';
import { ExprDuration } from '../values.js';
import { parseGoTime, wallToInstant } from './golayout.js';
import { def, type LibFunc, num, str } from './types.js';

/**
 * Times and durations: canary-checker's `Duration('7d')`, gomplate's `time.*` (Go layouts,
 * zones, `time.Since`, unit constants) for CEL and templates. Timestamps are `Date`s and
 * durations `ExprDuration`s, so CEL compares them natively (`sslAge > Duration('7d')`).
 */

/** Parses `1h30m`, `-2h45m`, `7d`, `30d12h` (Go durations plus days, weeks and years). */
export function parseExprDuration(text: string): ExprDuration {
  const t = text.trim();
  const neg = t.startsWith('-');
  const ms = parseDuration(neg || t.startsWith('+') ? t.slice(1) : t);
  if (ms === undefined) throw new Error(`invalid duration ${JSON.stringify(text)}`);
  return new ExprDuration(neg ? -ms : ms);
}

function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'number') return new Date(v * 1000);
  const d = new Date(str(v));
  if (Number.isNaN(d.getTime())) throw new Error(`not a time: ${JSON.stringify(v)}`);
  return d;
}

function toDuration(v: unknown): ExprDuration {
  if (v instanceof ExprDuration) return v;
  if (typeof v === 'number') return new ExprDuration(v / 1e6); // a bare number is nanoseconds, as in Go
  return parseExprDuration(str(v));
}

/** Go's time.Parse: a value without a zone is UTC. */
function parse(layout: unknown, value: unknown, zone?: string | 'Local'): Date {
  const { wallMs, offsetMinutes } = parseGoTime(str(layout), str(value));
  if (offsetMinutes !== undefined) return new Date(wallMs - offsetMinutes * 60_000);
  if (zone === undefined) return new Date(wallMs);
  return new Date(wallToInstant(wallMs, zone === 'Local' ? undefined : zone));
}

function zoneName(at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

const unit = (ms: number) => () => new ExprDuration(ms);

export const timeFuncs: LibFunc[] = [
  def(['Duration', 'duration.Parse'], 1, (s) => toDuration(s)),
  def(['time.ParseDuration', 'time.Duration'], 1, (s) => toDuration(s)),
  def(['time.Now', 'now'], 0, () => new Date()),
  def(['time.ZoneName'], 0, () => zoneName()),
  def(['time.ZoneOffset'], 0, () => -new Date().getTimezoneOffset()),
  def(['time.Parse'], 2, (l, v) => parse(l, v)),
  def(['time.ParseLocal'], 2, (l, v) => parse(l, v, 'Local')),
  def(['time.ParseInLocation'], 3, (l, zone, v) => {
    const z = str(zone);
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: z });
    } catch {
      throw new Error(`unknown time zone ${z}`);
    }
    return parse(l, v, z === 'Local' ? 'Local' : z);
  }),
  def(['time.Unix'], 1, (s) => new Date(num(s) * 1000)),
  def(['time.Since'], 1, (t) => new ExprDuration(Date.now() - toDate(t).getTime())),
  def(['time.Until'], 1, (t) => new ExprDuration(toDate(t).getTime() - Date.now())),
  def(['time.Nanosecond'], 0, unit(1e-6)),
  def(['time.Microsecond'], 0, unit(1e-3)),
  def(['time.Millisecond'], 0, unit(1)),
  def(['time.Second'], 0, unit(1000)),
  def(['time.Minute'], 0, unit(60_000)),
  def(['time.Hour'], 0, unit(3_600_000)),
];
