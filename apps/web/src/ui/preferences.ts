import { BROWSER_TIME_ZONE, DATE_FORMATS, type DateFormat } from '../utils/dateFormat.js';
import { useLocalStorage } from './useLocalStorage.js';

/** localStorage keys of display preferences. */
export const PREFERENCE_KEYS = {
  dateFormat: 'datetime_preference',
  timeZone: 'display_timezone_preference',
} as const;

/** How dates are shown, as the person chose in the preferences menu. */
export function useDatePreferences() {
  const [storedFormat, setDateFormat] = useLocalStorage<string>(PREFERENCE_KEYS.dateFormat, 'timestamp');
  const [timeZone, setTimeZone] = useLocalStorage<string>(PREFERENCE_KEYS.timeZone, BROWSER_TIME_ZONE);
  const dateFormat: DateFormat = (DATE_FORMATS as readonly string[]).includes(storedFormat)
    ? (storedFormat as DateFormat)
    : 'timestamp';
  return { dateFormat, timeZone, setDateFormat, setTimeZone };
}
