/** One day of a heatmap: its date (YYYY-MM-DD, UTC) and the sum of the values that fell on it. */
export interface HeatmapDay {
  date: string;
  value: number;
}

const TIME_KEYS = ['date', 'day', 'timestamp', 'time', 'created_at'];
const VALUE_KEYS = ['value', 'count', 'total'];

/** The rows of a heatmap panel as days: dates from `timeKey`, values from `valueKey` (summed per day). */
export function heatmapDays(rows: Array<Record<string, unknown>>, timeKey?: string, valueKey?: string): HeatmapDay[] {
  const first = rows[0] ?? {};
  const tk = timeKey ?? TIME_KEYS.find((k) => k in first) ?? 'date';
  const vk = valueKey ?? VALUE_KEYS.find((k) => k in first) ?? 'value';
  const sums = new Map<string, number>();
  for (const r of rows) {
    const t = new Date(String(r[tk] ?? ''));
    if (Number.isNaN(t.getTime())) continue;
    const v = vk in r ? Number(r[vk]) : 1;
    const day = t.toISOString().slice(0, 10);
    sums.set(day, (sums.get(day) ?? 0) + (Number.isFinite(v) ? v : 0));
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, value]) => ({ date, value }));
}

/** Every day from the first to the last of `days` (missing ones as 0), for a gap-free grid. */
export function fillDays(days: HeatmapDay[]): HeatmapDay[] {
  if (!days.length) return [];
  const byDate = new Map(days.map((d) => [d.date, d.value]));
  const out: HeatmapDay[] = [];
  const end = new Date(`${days[days.length - 1]?.date}T00:00:00Z`).getTime();
  for (let t = new Date(`${days[0]?.date}T00:00:00Z`).getTime(); t <= end && out.length < 3660; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, value: byDate.get(date) ?? 0 });
  }
  return out;
}

/** A cell's shade: 0 (nothing) to 4 (the busiest day), in quarters of the maximum. */
export function level(value: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((value / max) * 4))) as 1 | 2 | 3 | 4;
}

/** The days in columns of weeks (Sunday first), the first week padded with nulls. */
export function weeks(days: HeatmapDay[]): Array<Array<HeatmapDay | null>> {
  if (!days.length) return [];
  const pad = new Date(`${days[0]?.date}T00:00:00Z`).getUTCDay();
  const cells: Array<HeatmapDay | null> = [...Array<null>(pad).fill(null), ...days];
  const out: Array<Array<HeatmapDay | null>> = [];
  for (let i = 0; i < cells.length; i += 7) out.push(cells.slice(i, i + 7));
  return out;
}
