/** Durations as notification specs write them, and the datemath silences accept. */

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Parses a Go-style duration ("90s", "1h30m", "4h", "500ms"), also accepting days and weeks
 * ("2d", "1w") and a bare number of seconds. Returns milliseconds or throws with the reason.
 */
export function parseDuration(text: string): number {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/gy;
  let total = 0;
  let pos = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
    pos = re.lastIndex;
  }
  if (pos === 0 || pos !== s.length) {
    throw new Error(`invalid duration "${text}": use a number with a unit, such as 30s, 15m, 4h or 1h30m`);
  }
  return Math.round(total);
}

const DATEMATH_UNIT_MS: Record<string, number> = { ...UNIT_MS, M: 30 * 86_400_000, y: 365 * 86_400_000 };

/**
 * Resolves a datemath expression against `now`: `now`, `now+2h`, `now-1d`, `now/d` (snap to
 * the start of the UTC day), combinations like `now-1d/d`, or an absolute RFC 3339 time.
 */
export function parseDateMath(text: string, now: Date): Date {
  const s = text.trim();
  if (!s.startsWith('now')) {
    const d = new Date(s);
    if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(s)) {
      throw new Error(`invalid time "${text}": use now, now+2h, now-1d/d or an RFC 3339 time`);
    }
    return d;
  }
  let t = now.getTime();
  const re = /([+-])(\d+)(ms|s|m|h|d|w|M|y)|\/(s|m|h|d|w|M|y)/gy;
  let pos = 3;
  re.lastIndex = 3;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[4]) t = snap(t, m[4]);
    else t += (m[1] === '-' ? -1 : 1) * Number(m[2]) * (DATEMATH_UNIT_MS[m[3] as string] as number);
    pos = re.lastIndex;
  }
  if (pos !== s.length) throw new Error(`invalid time "${text}": use now, now+2h, now-1d/d or an RFC 3339 time`);
  return new Date(t);
}

function snap(t: number, unit: string): number {
  const d = new Date(t);
  switch (unit) {
    case 'y':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
    case 'M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'w': {
      const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return day - ((d.getUTCDay() + 6) % 7) * 86_400_000; // weeks start on Monday
    }
    default: {
      const ms = DATEMATH_UNIT_MS[unit] as number;
      return Math.floor(t / ms) * ms;
    }
  }
}
