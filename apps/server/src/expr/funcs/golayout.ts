/**
 * Go's reference-time layouts (`2006-01-02T15:04:05Z07:00`) for `time.Parse` and friends: the
 * layout becomes a regular expression, the matched fields a wall-clock time plus an optional
 * zone offset. Supports the elements Go documents except the day-of-year form.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Field =
  | 'year'
  | 'year2'
  | 'month'
  | 'monthName'
  | 'day'
  | 'hour'
  | 'hour12'
  | 'minute'
  | 'second'
  | 'frac'
  | 'ampm'
  | 'zone'
  | 'skip';

// Longest first: each element with the pattern it matches and the field it sets.
const ELEMENTS: [string, string, Field][] = [
  ['January', `(${MONTHS.join('|')})`, 'monthName'],
  ['Monday', `(?:${DAYS.join('|')})`, 'skip'],
  ['Z07:00', '(Z|[+-]\\d\\d:\\d\\d)', 'zone'],
  ['-07:00', '([+-]\\d\\d:\\d\\d)', 'zone'],
  ['Z0700', '(Z|[+-]\\d{4})', 'zone'],
  ['-0700', '([+-]\\d{4})', 'zone'],
  ['2006', '(\\d{4})', 'year'],
  ['.000000000', '\\.(\\d{9})', 'frac'],
  ['.000000', '\\.(\\d{6})', 'frac'],
  ['.000', '\\.(\\d{3})', 'frac'],
  ['.999999999', '(?:\\.(\\d+))?', 'frac'],
  ['.999999', '(?:\\.(\\d+))?', 'frac'],
  ['.999', '(?:\\.(\\d+))?', 'frac'],
  ['Jan', `(${MONTHS.map((m) => m.slice(0, 3)).join('|')})`, 'monthName'],
  ['Mon', `(?:${DAYS.map((d) => d.slice(0, 3)).join('|')})`, 'skip'],
  ['MST', '([A-Z]{3,5})', 'skip'],
  ['-07', '([+-]\\d\\d)', 'zone'],
  ['Z07', '(Z|[+-]\\d\\d)', 'zone'],
  ['_2', ' ?(\\d{1,2})', 'day'],
  ['15', '(\\d{1,2})', 'hour'],
  ['06', '(\\d\\d)', 'year2'],
  ['01', '(\\d\\d)', 'month'],
  ['02', '(\\d\\d)', 'day'],
  ['03', '(\\d\\d)', 'hour12'],
  ['04', '(\\d\\d)', 'minute'],
  ['05', '(\\d\\d)', 'second'],
  ['PM', '(AM|PM)', 'ampm'],
  ['pm', '(am|pm)', 'ampm'],
  ['1', '(\\d{1,2})', 'month'],
  ['2', '(\\d{1,2})', 'day'],
  ['3', '(\\d{1,2})', 'hour12'],
  ['4', '(\\d{1,2})', 'minute'],
  ['5', '(\\d{1,2})', 'second'],
];

const compiled = new Map<string, { re: RegExp; fields: Field[] }>();

function compile(layout: string) {
  const hit = compiled.get(layout);
  if (hit) return hit;
  let re = '';
  const fields: Field[] = [];
  for (let i = 0; i < layout.length; ) {
    const el = ELEMENTS.find(([token]) => layout.startsWith(token, i));
    if (el) {
      re += el[1];
      if (el[1].includes('(') && !el[1].startsWith('(?:')) fields.push(el[2]);
      else if (el[1].startsWith('(?:\\.')) fields.push(el[2]);
      i += el[0].length;
    } else {
      re += (layout[i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  const out = { re: new RegExp(`^${re}$`), fields };
  if (compiled.size > 500) compiled.clear();
  compiled.set(layout, out);
  return out;
}

/** The wall-clock parts of `value` read with `layout`, and its zone offset (minutes) if it has one. */
export interface ParsedTime {
  wallMs: number;
  offsetMinutes?: number;
}

export function parseGoTime(layout: string, value: string): ParsedTime {
  const { re, fields } = compile(layout);
  const m = re.exec(value);
  if (!m) throw new Error(`parsing time ${JSON.stringify(value)} as ${JSON.stringify(layout)}: does not match`);
  const t = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 };
  let pm: boolean | undefined;
  let offsetMinutes: number | undefined;
  fields.forEach((f, i) => {
    const v = m[i + 1];
    if (v === undefined) return;
    switch (f) {
      case 'year':
        t.year = Number(v);
        break;
      case 'year2':
        t.year = Number(v) + (Number(v) >= 69 ? 1900 : 2000);
        break;
      case 'month':
        t.month = Number(v);
        break;
      case 'monthName':
        t.month = MONTHS.findIndex((n) => n.startsWith(v)) + 1;
        break;
      case 'day':
        t.day = Number(v);
        break;
      case 'hour':
      case 'hour12':
        t.hour = Number(v);
        break;
      case 'minute':
        t.minute = Number(v);
        break;
      case 'second':
        t.second = Number(v);
        break;
      case 'frac':
        t.ms = Number(`0.${v}`) * 1000;
        break;
      case 'ampm':
        pm = v.toLowerCase() === 'pm';
        break;
      case 'zone': {
        if (v === 'Z') offsetMinutes = 0;
        else {
          const d = v.replace(':', '');
          const sign = d.startsWith('-') ? -1 : 1;
          offsetMinutes = sign * (Number(d.slice(1, 3)) * 60 + Number(d.slice(3, 5) || 0));
        }
        break;
      }
    }
  });
  if (pm !== undefined) t.hour = (t.hour % 12) + (pm ? 12 : 0);
  if (t.month < 1 || t.month > 12 || t.day < 1 || t.day > 31 || t.hour > 23 || t.minute > 59 || t.second > 60) {
    throw new Error(`parsing time ${JSON.stringify(value)}: field out of range`);
  }
  const wallMs = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.ms);
  return { wallMs, offsetMinutes };
}

/** Offset (ms) of IANA zone `zone` from UTC at instant `ms`. */
export function zoneOffsetMs(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of wall-clock time `wallMs` in `zone` (an IANA name, or the process's local zone). */
export function wallToInstant(wallMs: number, zone?: string): number {
  const offset = (at: number) => (zone ? zoneOffsetMs(zone, at) : -new Date(at).getTimezoneOffset() * 60_000);
  const first = wallMs - offset(wallMs);
  return wallMs - offset(first);
}
