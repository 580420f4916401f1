/** How a recurring window repeats, as the form asks it; `custom` keeps any other cron expression. */
export type Repeat = 'daily' | 'weekly' | 'monthly' | 'custom';

export interface Recurrence {
  repeat: Repeat;
  /** `HH:MM` on the window's time zone's clock. */
  time: string;
  /** 0 (Sunday) to 6, for weekly. */
  weekday: number;
  /** 1 to 31, for monthly. */
  day: number;
  /** The cron expression itself (what `custom` edits). */
  cron: string;
}

export const REPEATS: ReadonlyArray<{ value: Repeat; label: string }> = [
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
  { value: 'custom', label: 'Custom (cron)' },
];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const NUM = /^\d{1,2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The form's reading of a cron expression: daily, weekly or monthly at a time when it is one of those, else custom. */
export function readCron(cron: string): Recurrence {
  const base: Recurrence = { repeat: 'custom', time: '02:00', weekday: 0, day: 1, cron };
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5) return base;
  const [min, hour, dom, month, dow] = f as [string, string, string, string, string];
  if (!NUM.test(min) || !NUM.test(hour) || Number(min) > 59 || Number(hour) > 23 || month !== '*') return base;
  const at = { ...base, time: `${pad(Number(hour))}:${pad(Number(min))}` };
  if (dom === '*' && dow === '*') return { ...at, repeat: 'daily' };
  if (dom === '*' && /^[0-6]$/.test(dow)) return { ...at, repeat: 'weekly', weekday: Number(dow) };
  if (dow === '*' && NUM.test(dom) && Number(dom) >= 1 && Number(dom) <= 31)
    return { ...at, repeat: 'monthly', day: Number(dom) };
  return base;
}

/** The cron expression of a recurrence. */
export function cronOf(r: Recurrence): string {
  if (r.repeat === 'custom') return r.cron;
  const [h = '0', m = '0'] = r.time.split(':');
  const at = `${Number(m)} ${Number(h)}`;
  if (r.repeat === 'daily') return `${at} * * *`;
  if (r.repeat === 'weekly') return `${at} * * ${r.weekday}`;
  return `${at} ${r.day} * *`;
}

/** A recurring window in words: "Every Sunday at 02:00 (Europe/Berlin) for 2h". */
export function describeRecurrence(cron: string, duration: string | undefined, zone: string | undefined): string {
  const r = readCron(cron);
  const when =
    r.repeat === 'daily'
      ? `Every day at ${r.time}`
      : r.repeat === 'weekly'
        ? `Every ${WEEKDAYS[r.weekday]} at ${r.time}`
        : r.repeat === 'monthly'
          ? `Day ${r.day} of every month at ${r.time}`
          : `Cron ${cron}`;
  return `${when} (${zone || 'UTC'}) for ${duration ?? '?'}`;
}
