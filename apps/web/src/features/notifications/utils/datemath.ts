// The datemath the silence form accepts: now, now+N unit, now-N unit,
// snapped with /unit, units ms s m h d w M y; or an absolute RFC 3339 time. The server parses it
// again (notifications/duration.ts); this copy only validates early and previews the instant.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function addMonths(t: number, months: number): number {
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
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
      return day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
    }
    case 'd':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    default: {
      const size = UNIT_MS[unit] ?? 1;
      return Math.floor(t / size) * size;
    }
  }
}

/** The instant `text` names at `now`, or an Error saying what is wrong. Empty text is null. */
export function parseDateMath(text: string, now: Date): Date | null | Error {
  const s = text.trim();
  if (!s) return null;
  const invalid = new Error(`"${s}" is not a time: use now, now+2h, now-1d/d or a date such as 2025-01-31T12:00:00Z`);
  if (!s.startsWith('now')) {
    const d = new Date(s);
    return /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(d.getTime()) ? d : invalid;
  }
  let t = now.getTime();
  const re = /([+-])(\d+)(ms|s|m|h|d|w|M|y)|\/(ms|s|m|h|d|w|M|y)/y;
  re.lastIndex = 3;
  while (re.lastIndex < s.length) {
    const m = re.exec(s);
    if (!m) return invalid;
    if (m[4]) t = snap(t, m[4]);
    else {
      const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
      const unit = m[3] as string;
      t = unit === 'M' ? addMonths(t, n) : unit === 'y' ? addMonths(t, 12 * n) : t + n * (UNIT_MS[unit] ?? 0);
    }
  }
  return new Date(t);
}
