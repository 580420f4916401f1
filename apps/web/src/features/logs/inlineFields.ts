/**
 * The few fields of a structured line shown after its message: a field that holds the search
 * term first (so what matched is visible), then the ones people look for (error, status, method,
 * path, request id), then the rest in the line's order; nested values by dotted path. The message,
 * time, level and process fields are left out: the row shows them already.
 */

const HIDDEN = new Set([
  'msg',
  'message',
  'log',
  'time',
  'timestamp',
  '@timestamp',
  'ts',
  'level',
  'severity',
  'lvl',
  'pid',
  'hostname',
  'v',
]);
const USEFUL = [
  'error',
  'err',
  'status',
  'statusCode',
  'code',
  'method',
  'url',
  'path',
  'route',
  'reqId',
  'responseTime',
];
const MAX_VALUE = 80;

/** `[dotted key, text]` of every scalar in `fields`, in the line's order. */
export function flattenFields(fields: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(fields)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...flattenFields(v as Record<string, unknown>, key));
    else out.push([key, typeof v === 'string' ? v : JSON.stringify(v)]);
  }
  return out;
}

/** Rank of a dotted key among USEFUL by its last part (`req.method` → method); unknown keys last. */
function usefulness(key: string): number {
  const i = USEFUL.indexOf(key.split('.').at(-1) as string);
  return i < 0 ? USEFUL.length : i;
}

/** At most `max` `[key, value]` pairs to show inline for a line's fields and the search term. */
export function inlineFields(
  fields: Record<string, unknown> | undefined,
  term: string,
  max = 4,
): Array<[string, string]> {
  if (!fields) return [];
  const t = term.trim().toLowerCase();
  const matches = (k: string, v: string) => !!t && `${k}=${v}`.toLowerCase().includes(t);
  const all = flattenFields(fields).filter(([k]) => !HIDDEN.has(k));
  const ranked = all
    .map((pair, i) => ({ pair, rank: matches(...pair) ? -1 : usefulness(pair[0]), i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ranked
    .slice(0, max)
    .map(({ pair: [k, v] }) => [k, v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v] as [string, string]);
}
