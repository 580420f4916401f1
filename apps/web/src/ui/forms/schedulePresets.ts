/** Schedule presets offered by the schedule fields, from `@every 30s` to `@weekly`. */
export const SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;
