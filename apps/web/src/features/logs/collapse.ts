import type { LogLine } from './api.js';

/** A row of the Logs table: one line, or identical consecutive lines shown once (`count`, `times`). */
export type LogRow = LogLine & { times?: string[] };

/** Fields that tell identical lines apart only by when they were written. */
const TIME_FIELDS = new Set(['time', 'timestamp', '@timestamp', 'ts']);

/** What makes two lines the same: message, severity, labels and every field but the time. */
function sameness(line: LogLine): string {
  const fields = Object.entries(line.fields ?? {}).filter(([k]) => !TIME_FIELDS.has(k));
  return JSON.stringify([line.message, line.severity ?? '', line.labels, fields]);
}

/**
 * Identical consecutive lines (newest first, as answered) as one row per run: the newest line's
 * content and time, `count`, `firstObserved`/`lastObserved` and every time (newest first). The row
 * keeps the id of the run's oldest line, so it stays the same row while live tail adds newer ones.
 */
export function collapseRepeats(lines: LogLine[]): LogRow[] {
  const rows: LogRow[] = [];
  let last = '';
  for (const line of lines) {
    const key = sameness(line);
    const run = rows.at(-1);
    if (run && key === last) {
      run.times = [...(run.times ?? [run.timestamp]), line.timestamp];
      run.count = run.times.length;
      run.lastObserved ??= run.timestamp;
      run.firstObserved = line.timestamp;
      run.id = line.id;
      continue;
    }
    rows.push({ ...line });
    last = key;
  }
  return rows;
}
