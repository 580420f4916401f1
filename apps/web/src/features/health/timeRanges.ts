/** The health page's time ranges, apart from utils.ts so the early requests (app/earlyRequests.ts) can read a URL's range. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Time range options of the health page, in milliseconds. */
export const TIME_RANGES: ReadonlyArray<[string, number]> = [
  ['15m', 15 * MINUTE],
  ['1h', HOUR],
  ['2h', 2 * HOUR],
  ['3h', 3 * HOUR],
  ['6h', 6 * HOUR],
  ['12h', 12 * HOUR],
  ['1d', DAY],
  ['2d', 2 * DAY],
  ['3d', 3 * DAY],
  ['1w', 7 * DAY],
  ['2w', 14 * DAY],
  ['3w', 21 * DAY],
  ['1mo', 30 * DAY],
  ['2mo', 60 * DAY],
  ['3mo', 90 * DAY],
  ['6mo', 180 * DAY],
  ['1y', 365 * DAY],
  ['2y', 730 * DAY],
  ['3y', 1095 * DAY],
  ['5y', 1825 * DAY],
];
export const DEFAULT_TIME_RANGE = '1h';
const RANGE_MS = new Map(TIME_RANGES);
export const isTimeRange = (v: string | null | undefined): v is string => !!v && RANGE_MS.has(v);
export const timeRangeMs = (v: string) => RANGE_MS.get(v) ?? HOUR;
