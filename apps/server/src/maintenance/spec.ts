import { type MaintenanceSpec, maintenanceSpecSchema, parseDuration } from '@opsdeck/schema';
import { Cron } from 'croner';
import { badRequest } from '../errors.js';

/** The longest window: a recurring one longer than this would cover everything all the time. */
const MAX_DURATION_MS = 31 * 24 * 3_600_000;

/** A window spec as the scheduler reads it: one-off bounds or a cron over a time zone. */
export type ParsedWindow =
  | { kind: 'once'; start: number; end: number }
  | { kind: 'cron'; cron: Cron; durationMs: number; start?: number; end?: number };

/** Whether `tz` names an IANA time zone this runtime knows. */
function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Validates `maintenance_windows.spec` and parses it; every problem is a 400 naming the field
 * (`spec.schedule`, `spec.timezone`, ...). One-off: start and end. Recurring: schedule and duration,
 * with start/end (optional) bounding the recurrence.
 */
export function parseMaintenanceSpec(raw: unknown): { spec: MaintenanceSpec; window: ParsedWindow } {
  const parsed = maintenanceSpecSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    const path = ['spec', ...(i?.path ?? []).map(String)].join('.');
    throw badRequest(`${path}: ${i?.message ?? 'invalid'}`);
  }
  const spec = parsed.data;
  if (!spec.checks?.length && !spec.components?.length && !spec.configs?.length) {
    throw badRequest('spec.checks: a maintenance window needs at least one selector (checks, components or configs)');
  }
  const start = spec.start ? Date.parse(spec.start) : undefined;
  const end = spec.end ? Date.parse(spec.end) : undefined;
  if (start !== undefined && end !== undefined && end <= start) throw badRequest('spec.end: must be after spec.start');
  if (spec.timezone && !validTimeZone(spec.timezone)) {
    throw badRequest(`spec.timezone: '${spec.timezone}' is not an IANA time zone (e.g. Europe/Berlin)`);
  }
  if (!spec.schedule) {
    if (spec.duration) throw badRequest('spec.duration: only a recurring window (spec.schedule) has a duration');
    if (start === undefined) throw badRequest('spec.start: a one-off window needs start and end (or a schedule)');
    if (end === undefined) throw badRequest('spec.end: a one-off window needs start and end');
    return { spec, window: { kind: 'once', start, end } };
  }
  if (!spec.duration) throw badRequest('spec.duration: a recurring window needs a duration, e.g. 2h');
  const durationMs = parseDuration(spec.duration);
  if (durationMs === undefined) throw badRequest(`spec.duration: '${spec.duration}' is not a duration (e.g. 90m, 2h)`);
  if (!(durationMs > 0) || durationMs > MAX_DURATION_MS) {
    throw badRequest('spec.duration: must be more than 0 and at most 31 days');
  }
  let cron: Cron;
  try {
    cron = new Cron(spec.schedule, { paused: true, timezone: spec.timezone ?? 'UTC' });
  } catch (err) {
    throw badRequest(`spec.schedule: '${spec.schedule}': ${(err as Error).message.replace(/^CronPattern: /, '')}`);
  }
  if (!cron.nextRun(new Date(Date.UTC(2030, 0, 1)))) throw badRequest('spec.schedule: this cron expression never runs');
  return { spec, window: { kind: 'cron', cron, durationMs, ...(start ? { start } : {}), ...(end ? { end } : {}) } };
}

/** Most occurrences listed for one window in one range (an every-minute cron over 90 days stops here). */
const MAX_OCCURRENCES = 5000;

/** The [start, end) intervals of a window that overlap [from, to), oldest first. */
export function occurrences(window: ParsedWindow, from: number, to: number): Array<[number, number]> {
  if (window.kind === 'once') return window.start < to && window.end > from ? [[window.start, window.end]] : [];
  const out: Array<[number, number]> = [];
  const lo = Math.max(from - window.durationMs, (window.start ?? -Infinity) - 1);
  // croner's nextRun is strictly after its argument
  let next = window.cron.nextRun(new Date(lo));
  while (next && next.getTime() < to && out.length < MAX_OCCURRENCES) {
    const s = next.getTime();
    if (window.end !== undefined && s >= window.end) break;
    const e = Math.min(s + window.durationMs, window.end ?? Infinity);
    if (e > from) out.push([s, e]);
    next = window.cron.nextRun(next);
  }
  return out;
}
