/**
 * Date math as canary-checker's folder `filter.since` reads it (the Elasticsearch/Grafana
 * notation): an anchor, `now` or a date (`2026-01-02`, RFC 3339; a date followed by `||` when
 * math follows), then any number of `+N<unit>` / `-N<unit>` steps and `/<unit>` roundings down.
 * Units: y, M (months), w, d, h (or H), m, s. Times are UTC. `now-60d`, `now-1d/d`,
 * `2026-01-31||+1M/d`.
 */

const UNITS = 'yMwdhHms';
const STEP = /^([+-])(\d+)([yMwdhHms])|^\/([yMwdhHms])/;

/** The time `text` names relative to `now`, or undefined when it is neither a date nor date math. */
export function resolveDateMath(text: string, now: Date): Date | undefined {
  const s = text.trim();
  let rest: string;
  let at: Date;
  if (s.startsWith('now')) {
    at = new Date(now.getTime());
    rest = s.slice(3);
  } else {
    const bar = s.indexOf('||');
    const anchor = bar >= 0 ? s.slice(0, bar) : s;
    if (!/^\d{4}-\d{2}-\d{2}/.test(anchor)) return undefined;
    at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(anchor) ? `${anchor}T00:00:00Z` : anchor);
    if (Number.isNaN(at.getTime())) return undefined;
    rest = bar >= 0 ? s.slice(bar + 2) : '';
  }
  while (rest) {
    const m = STEP.exec(rest);
    if (!m) return undefined;
    at = m[4] ? roundDown(at, m[4]) : shift(at, m[1] === '-' ? -Number(m[2]) : Number(m[2]), m[3] as string);
    rest = rest.slice(m[0].length);
  }
  return at;
}

/** Why `text` is not date math, or undefined when it is. */
export function dateMathProblem(text: string): string | undefined {
  return resolveDateMath(text, new Date(0))
    ? undefined
    : `'${text}': expected an RFC 3339 time or date math such as now-60d, now-1d/d or 2026-01-31||+1M (units ${UNITS.split('').join(', ')})`;
}

function shift(at: Date, n: number, unit: string): Date {
  const d = new Date(at.getTime());
  if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
  else if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + n);
  else d.setTime(d.getTime() + n * (UNIT_MS[unit] ?? 0));
  return d;
}

const UNIT_MS: Record<string, number> = {
  w: 604_800_000,
  d: 86_400_000,
  h: 3_600_000,
  H: 3_600_000,
  m: 60_000,
  s: 1000,
};

function roundDown(at: Date, unit: string): Date {
  const d = new Date(at.getTime());
  d.setUTCMilliseconds(0);
  if (unit === 's') return d;
  d.setUTCSeconds(0);
  if (unit === 'm') return d;
  d.setUTCMinutes(0);
  if (unit === 'h' || unit === 'H') return d;
  d.setUTCHours(0);
  if (unit === 'd') return d;
  if (unit === 'w') {
    // weeks start on Monday, as in the reference
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d;
  }
  d.setUTCDate(1);
  if (unit === 'M') return d;
  d.setUTCMonth(0);
  return d;
}
