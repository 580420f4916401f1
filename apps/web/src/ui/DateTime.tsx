import { type DateInput, toDate } from '../utils/age.js';
import { formatDateTime } from '../utils/dateFormat.js';
import { useDatePreferences } from './preferences.js';

/** A date and time in the person's chosen format and time zone. */
export function DateTime({ date, className }: { date: DateInput | null | undefined; className?: string }) {
  const { dateFormat, timeZone } = useDatePreferences();
  const d = toDate(date);
  if (!d) return null;
  return (
    <time dateTime={d.toISOString()} className={className}>
      {formatDateTime(d, dateFormat, timeZone)}
    </time>
  );
}
