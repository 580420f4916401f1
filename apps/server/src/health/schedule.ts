import { parseDuration, scheduleProblem } from '@opsdeck/schema';
import { Cron } from 'croner';
import { stableHash } from './phases.js';

/**
 * A canary's schedule: `@every <duration>` runs at a fixed spacing from a random phase (so a
 * thousand canaries created at once still spread over the interval); cron expressions and
 * `@hourly`-style descriptors (5 fields, or 6 with seconds) run at their times plus a small
 * stable per-canary offset, so canaries sharing a cron line do not all fire in the same second.
 */
export interface Schedule {
  readonly text: string;
  /** Typical spacing between runs, in ms. */
  readonly periodMs: number;
  /** `@every`: runs at a fixed spacing from a phase of its own choosing (see phases.ts). */
  readonly everyInterval: boolean;
  /** The run time after `previous` (strictly later). */
  next(previous: Date): Date;
  /** The first run of a new canary after `now`. */
  first(now: Date): Date;
  /** When to run next after a restart, given the stored next run time: keeps the phase, never in the past. */
  resume(stored: Date, now: Date): Date;
  /**
   * A stored run missed while no server ran, once more on its own before the phase resumes: the
   * missed runs of a short restart are replayed at the rate they fell due instead of waiting up
   * to an interval (undefined when none is due).
   */
  catchUp(stored: Date, now: Date): Date | undefined;
}

/** Thrown for a schedule OpsDeck cannot run; the message says why. */
export class ScheduleError extends Error {}

/** Parses `text`; `key` (the canary id) seeds the stable offset of cron schedules. */
export function parseSchedule(text: string, key: string): Schedule {
  const s = text.trim();
  const problem = scheduleProblem(s);
  if (problem) throw new ScheduleError(problem);
  if (s.startsWith('@every ')) return everySchedule(s, parseDuration(s.slice(7)) as number);
  let cron: Cron;
  try {
    cron = new Cron(s, { paused: true, timezone: 'UTC' });
  } catch (err) {
    throw new ScheduleError(`'${s}': ${(err as Error).message.replace(/^CronPattern: /, '')}`);
  }
  return cronSchedule(s, cron, key);
}

function everySchedule(text: string, periodMs: number): Schedule {
  return {
    text,
    periodMs,
    everyInterval: true,
    next: (previous) => new Date(previous.getTime() + periodMs),
    first: (now) => new Date(now.getTime() + Math.floor(Math.random() * periodMs)),
    resume(stored, now) {
      const behind = now.getTime() - stored.getTime();
      if (behind <= 0) return stored;
      return new Date(stored.getTime() + Math.ceil(behind / periodMs) * periodMs);
    },
    // half an interval after the missed run: still ahead when it was missed by less than that,
    // and half an interval before the phase's next run
    catchUp(stored, now) {
      const behind = now.getTime() - stored.getTime();
      return behind > 0 && behind < periodMs / 2 ? new Date(stored.getTime() + periodMs / 2) : undefined;
    },
  };
}

function cronSchedule(text: string, cron: Cron, key: string): Schedule {
  const probe = cron.nextRuns(2, new Date(Date.UTC(2030, 0, 1)));
  if (probe.length < 2) throw new ScheduleError(`'${text}': this cron expression never runs`);
  const periodMs = (probe[1] as Date).getTime() - (probe[0] as Date).getTime();
  // at most 10% of the period and 10 s, stable per canary
  const jitter = stableHash(key) % Math.max(1, Math.min(periodMs / 10, 10_000));
  const next = (after: Date) => {
    const at = cron.nextRun(new Date(after.getTime() - jitter));
    if (!at) throw new ScheduleError(`'${text}': no run after ${after.toISOString()}`);
    return new Date(at.getTime() + jitter);
  };
  return {
    text,
    periodMs,
    everyInterval: false,
    next,
    first: next,
    resume: (stored, now) => (stored.getTime() >= now.getTime() ? stored : next(now)),
    // a cron schedule names its times: a missed one is not run at another
    catchUp: () => undefined,
  };
}
