import type { LogLine } from '@opsdeck/schema';
import { messageField, structuredFields } from './fields.js';

/**
 * Reading one log line: its time (JSON `time`/`timestamp`/`@timestamp`/`ts`, a leading ISO time,
 * or a syslog `Mmm dd hh:mm:ss`), its severity (pino's numeric levels, a `level` field, or a
 * level word near the start) and its message (a structured line's `msg`/`message`/`log`, fields.ts).
 */

const JSON_TIME = /"(?:time|timestamp|@timestamp|ts)"\s*:\s*(?:"([^"]+)"|(\d+(?:\.\d+)?))/;
const ISO_TIME = /^\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?)(Z|[+-]\d{2}:?\d{2})?/;
const SYSLOG_TIME = /^([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2})/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LEVEL_WORD = /\b(TRACE|DEBUG|INFO|WARN(?:ING)?|ERROR|ERR|FATAL|CRIT(?:ICAL)?|PANIC)\b/i;
const PINO_LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Epoch numbers in seconds, milliseconds, microseconds or nanoseconds, to milliseconds. */
function epochMs(n: number): number {
  if (n < 1e11) return n * 1000;
  if (n < 1e14) return n;
  if (n < 1e17) return n / 1000;
  return n / 1e6;
}

/** The time a line carries, in ms; `year` (UTC) completes syslog times. Undefined when none. */
export function lineTime(text: string, year = new Date().getUTCFullYear()): number | undefined {
  const c = text.charCodeAt(0);
  if (c === 123 /* { */) {
    const m = JSON_TIME.exec(text);
    if (!m) return undefined;
    if (m[2] !== undefined) return epochMs(Number(m[2]));
    const t = Date.parse(m[1] as string);
    return Number.isNaN(t) ? undefined : t;
  }
  if ((c >= 48 && c <= 57) || c === 91 /* [ */) {
    const m = ISO_TIME.exec(text);
    if (!m) return undefined;
    // a time without a zone is read as UTC, as servers usually write it
    const t = Date.parse(`${(m[1] as string).replace(' ', 'T').replace(',', '.')}${m[2] ?? 'Z'}`);
    return Number.isNaN(t) ? undefined : t;
  }
  const s = SYSLOG_TIME.exec(text);
  if (!s) return undefined;
  const month = MONTHS.indexOf(s[1] as string);
  if (month < 0) return undefined;
  return Date.UTC(year, month, Number(s[2]), Number(s[3]), Number(s[4]), Number(s[5]));
}

function severityOf(level: unknown): string | undefined {
  if (typeof level === 'number') return PINO_LEVELS[level] ?? String(level);
  if (typeof level === 'string' && level) return normalSeverity(level);
  return undefined;
}

/** `WARNING` → warn, `ERR` → error, `CRITICAL` → fatal; other words lower-cased. */
export function normalSeverity(word: string): string {
  const w = word.toLowerCase();
  if (w.startsWith('warn')) return 'warn';
  if (w === 'err') return 'error';
  if (w.startsWith('crit') || w === 'panic') return 'fatal';
  return w;
}

/** A text line without its leading time (the Time column shows it). */
function withoutTime(text: string): string {
  const m = ISO_TIME.exec(text) ?? SYSLOG_TIME.exec(text);
  if (!m) return text;
  return text.slice(m[0].length).replace(/^\]?\s+/, '') || text;
}

/**
 * The answer's shape of one raw line: a structured line keeps all its fields (`fields`, nested
 * values as they were) and its message is the `msg`/`message`/`log` field; `raw` is the line as
 * read whenever the message is not all of it. `given` are fields a backend already holds (a search
 * index's document), whose message the caller chose: `text`.
 */
export function toLogLine(
  id: string,
  text: string,
  ts: number,
  labels: Record<string, string>,
  given?: Record<string, unknown>,
): LogLine {
  const rest = withoutTime(text);
  const fields = given ?? structuredFields(text, rest);
  const message = given ? text : ((fields && messageField(fields)) ?? rest);
  let severity = fields ? severityOf(fields.level ?? fields.severity ?? fields.lvl) : undefined;
  if (!severity) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes hide the level word's boundary
    const m = LEVEL_WORD.exec(text.slice(0, 120).replace(/\u001b\[[0-9;]*m/g, ''));
    if (m) severity = normalSeverity(m[1] as string);
  }
  return {
    id,
    timestamp: new Date(ts).toISOString(),
    message,
    labels,
    ...(severity ? { severity } : {}),
    ...(fields ? { fields } : {}),
    ...(!given && message !== text ? { raw: text } : {}),
  };
}

/** Case-insensitive text test; an empty query matches everything. */
export function textMatcher(query: string | undefined): (line: string) => boolean {
  const q = (query ?? '').trim().toLowerCase();
  if (!q) return () => true;
  return (line) => line.toLowerCase().includes(q);
}
