const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Anything a date can be given as across the API: ISO string, epoch ms or a Date. */
export type DateInput = string | number | Date;

/** Parses a date input, or returns undefined when it is missing or not a date. */
export function toDate(value: DateInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Relative age in the largest whole unit: '12s', '5m', '3h', '2d', '1mo', '1y'. Future dates
 * (clock skew) read as 'now'; missing or invalid dates give ''.
 */
export function formatAge(value: DateInput | null | undefined, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const ms = now.getTime() - d.getTime();
  if (ms < SECOND) return 'now';
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  if (ms < MONTH) return `${Math.floor(ms / DAY)}d`;
  if (ms < YEAR) return `${Math.floor(ms / MONTH)}mo`;
  return `${Math.floor(ms / YEAR)}y`;
}

/**
 * The age followed by `suffix` ('5m ago'); under a second it reads 'just now' instead of
 * 'now ago'. Without a suffix it is `formatAge`.
 */
export function formatAgeWithSuffix(
  value: DateInput | null | undefined,
  suffix: string,
  now: Date = new Date(),
): string {
  const age = formatAge(value, now);
  if (!age || !suffix) return age;
  return age === 'now' ? 'just now' : `${age}${suffix}`;
}
