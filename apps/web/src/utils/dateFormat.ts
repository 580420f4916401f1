import { type DateInput, toDate } from './age.js';

/** Date formats a person can pick; `timestamp` is the default. */
export const DATE_FORMATS = ['timestamp', 'short', 'medium', 'full'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The time zone preference value meaning "the browser's own". */
export const BROWSER_TIME_ZONE = 'Browser';

/**
 * A date and time for people, in `timeZone` (an IANA name, or 'Browser' for the browser's):
 * `timestamp` is '2026-03-10 12:00:05', the others are Intl's short/medium/full styles.
 * Missing or invalid dates give ''.
 */
export function formatDateTime(
  value: DateInput | null | undefined,
  format: DateFormat = 'timestamp',
  timeZone: string = BROWSER_TIME_ZONE,
  locale?: string,
): string {
  const date = toDate(value);
  if (!date) return '';
  const tz = timeZone === BROWSER_TIME_ZONE ? undefined : timeZone;
  try {
    if (format === 'timestamp') {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(date);
      const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
    }
    const style =
      format === 'full' ? { dateStyle: 'full', timeStyle: 'long' } : { dateStyle: format, timeStyle: format };
    return new Intl.DateTimeFormat(locale, { ...(style as Intl.DateTimeFormatOptions), timeZone: tz }).format(date);
  } catch {
    // an unknown time zone stored in preferences: fall back to the browser's
    return timeZone === BROWSER_TIME_ZONE
      ? date.toISOString()
      : formatDateTime(date, format, BROWSER_TIME_ZONE, locale);
  }
}
