const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The health page's time range options, in milliseconds. Months are 30
 * days and years 365, as the presets are counted in minutes.
 */
export const SUMMARY_RANGES: Readonly<Record<string, number>> = {
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '3h': 3 * HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '2d': 2 * DAY,
  '3d': 3 * DAY,
  '1w': 7 * DAY,
  '2w': 14 * DAY,
  '3w': 21 * DAY,
  '1mo': 30 * DAY,
  '2mo': 60 * DAY,
  '3mo': 90 * DAY,
  '6mo': 180 * DAY,
  '1y': 365 * DAY,
  '2y': 730 * DAY,
  '3y': 1095 * DAY,
  '5y': 1825 * DAY,
};

/** The default range of the summary and the health page. */
export const DEFAULT_SUMMARY_RANGE = '1h';

/**
 * How a window [from, to] is covered with the fewest rows: whole UTC days from the daily rollups,
 * whole hours outside those days from the hourly rollups, and the partial hours at both ends from
 * raw check_statuses. Each part is a list of half-open [start, end) intervals (raw ends at `to`).
 */
export interface Coverage {
  days: Array<[Date, Date]>;
  hours: Array<[Date, Date]>;
  raw: Array<[Date, Date]>;
}

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

export function coverage(from: Date, to: Date): Coverage {
  const f = from.getTime();
  const t = to.getTime();
  const hourStart = ceilTo(f, HOUR);
  const hourEnd = floorTo(t, HOUR);
  if (hourStart >= hourEnd) return { days: [], hours: [], raw: [[from, to]] };
  const raw: Array<[Date, Date]> = [];
  if (f < hourStart) raw.push([from, new Date(hourStart)]);
  if (hourEnd < t) raw.push([new Date(hourEnd), to]);
  const dayStart = ceilTo(hourStart, DAY);
  const dayEnd = floorTo(hourEnd, DAY);
  if (dayStart >= dayEnd) return { days: [], hours: [[new Date(hourStart), new Date(hourEnd)]], raw };
  const hours: Array<[Date, Date]> = [];
  if (hourStart < dayStart) hours.push([new Date(hourStart), new Date(dayStart)]);
  if (dayEnd < hourEnd) hours.push([new Date(dayEnd), new Date(hourEnd)]);
  return { days: [[new Date(dayStart), new Date(dayEnd)]], hours, raw };
}

/** The first hour of a window is kept from a 5-minute boundary on; the minutes before it are read each time. */
export const HEAD_SLICE_MS = 5 * MINUTE;
// Below this the current hour's few raw results are cheaper to read than its 10,000 rollup rows.
const TAIL_FROM_ROLLUP_MS = 5 * MINUTE;

/** How a window with whole hours reads its partial hours at both ends. */
export interface Edges {
  /** The partial first hour's settled part [settled, head end), kept (summaryHead.ts), if any. */
  settledHead: [Date, Date] | undefined;
  /** The current partial hour, when it comes from its rollup row. */
  tailHour: Date | undefined;
  /** Read raw on every request: the minutes before the settled head, a tail only minutes old. */
  raw: Array<[Date, Date]>;
  /** Whether `raw` ends with the tail (closed at `to`). */
  rawTail: boolean;
}

export function edges(from: Date, to: Date, cover: Coverage): Edges {
  const head = cover.raw.find(([a]) => a === from);
  const settled =
    head && new Date(Math.min(Math.ceil(from.getTime() / HEAD_SLICE_MS) * HEAD_SLICE_MS, head[1].getTime()));
  const tail = cover.raw.find(([, b]) => b === to);
  const tailFromRollup = tail !== undefined && to.getTime() - tail[0].getTime() >= TAIL_FROM_ROLLUP_MS;
  const raw: Array<[Date, Date]> = [];
  if (head && settled && from < settled) raw.push([from, settled]);
  if (tail && !tailFromRollup) raw.push(tail);
  return {
    settledHead: head && settled && settled < head[1] ? [settled, head[1]] : undefined,
    tailHour: tail && tailFromRollup ? tail[0] : undefined,
    raw,
    rawTail: tail !== undefined && !tailFromRollup,
  };
}
