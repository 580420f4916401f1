const UNITS: Array<[string, number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/**
 * A duration in milliseconds for people: under 1 s in ms ('250ms'), under a minute with one
 * decimal ('1.5s'), above that the two largest units ('2m5s', '1h30m', '3d4h').
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)}ms`;
  if (abs < 60_000) {
    const s = Math.round(abs / 100) / 10;
    return `${sign}${Math.min(s, 60)}s`;
  }
  // the largest non-zero unit and the one right below it ('1h' when those minutes are 0)
  const total = Math.round(abs / 1000) * 1000;
  const first = UNITS.findIndex(([, size]) => total >= size);
  const parts = UNITS.slice(first, first + 2).map(([unit, size], i) => {
    const n = i === 0 ? Math.floor(total / size) : Math.floor((total % (UNITS[first]?.[1] ?? 1)) / size);
    return n > 0 ? `${n}${unit}` : '';
  });
  return sign + parts.join('');
}
