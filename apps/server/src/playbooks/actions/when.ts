import { parseDuration } from '@opsdeck/schema';

/**
 * A point in time as query actions write it, in ms: RFC 3339, unix seconds, `now`, `now-1h`, or
 * a bare duration meaning that long ago (`1h`).
 */
export function parseWhen(text: string, now: number): number {
  const t = text.trim();
  if (t === 'now') return now;
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const ago = parseDuration(t.match(/^now\s*-\s*(.+)$/)?.[1] ?? t);
  if (ago !== undefined) return now - ago;
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw new Error(`${JSON.stringify(text)} is not a time (RFC 3339, unix seconds, now-1h)`);
  return ms;
}
