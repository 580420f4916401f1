import type { DayStatus } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One day of an item's bar. */
export interface DayBar {
  date: string;
  status: DayStatus;
  uptime: number | null;
}

/** Hourly results of checks since `from`: check id -> [hour start ms, passed, failed][]. */
export async function hourlyResults(
  db: Executor,
  checkIds: string[],
  from: Date,
): Promise<Map<string, Array<[number, number, number]>>> {
  const out = new Map<string, Array<[number, number, number]>>();
  if (checkIds.length === 0) return out;
  // check_statuses_1h holds the current hour too (the health rollups keep it live)
  const { rows } = await sql<{ check_id: string; created_at: Date; passed: number; failed: number }>`
    select check_id, created_at, passed, failed from check_statuses_1h
    where check_id = any(${sql.val(checkIds)}::uuid[]) and created_at >= ${from}`.execute(db);
  for (const r of rows) {
    const list = out.get(r.check_id) ?? [];
    list.push([new Date(r.created_at).getTime(), Number(r.passed), Number(r.failed)]);
    out.set(r.check_id, list);
  }
  return out;
}

const overlaps = (intervals: Array<[number, number]>, a: number, b: number) =>
  intervals.some(([s, e]) => s < b && e > a);

/**
 * The daily bars of one item from the hourly results of its checks (UTC days, oldest first), and
 * its uptime over them. An hour that overlaps one of the item's maintenance intervals is left out
 * of the uptime and marks its day as maintenance (unless the rest of that day failed).
 */
export function dailyBars(
  hours: Array<[number, number, number]>,
  maintenance: Array<[number, number]>,
  firstDay: number,
  days: number,
): { days: DayBar[]; uptime: number | null } {
  const passed = new Array<number>(days).fill(0);
  const failed = new Array<number>(days).fill(0);
  const inMaintenance = new Array<boolean>(days).fill(false);
  for (let d = 0; d < days; d++) {
    const a = firstDay + d * DAY_MS;
    if (overlaps(maintenance, a, a + DAY_MS)) inMaintenance[d] = true;
  }
  for (const [hour, p, f] of hours) {
    const d = Math.floor((hour - firstDay) / DAY_MS);
    if (d < 0 || d >= days) continue;
    if (overlaps(maintenance, hour, hour + HOUR_MS)) continue;
    passed[d] = (passed[d] as number) + p;
    failed[d] = (failed[d] as number) + f;
  }
  let allPassed = 0;
  let allTotal = 0;
  const out: DayBar[] = [];
  for (let d = 0; d < days; d++) {
    const p = passed[d] as number;
    const total = p + (failed[d] as number);
    allPassed += p;
    allTotal += total;
    const uptime = total ? p / total : null;
    let status: DayStatus = uptime === null ? 'nodata' : dayStatus(uptime);
    if (inMaintenance[d] && (status === 'nodata' || status === 'operational')) status = 'maintenance';
    out.push({ date: new Date(firstDay + d * DAY_MS).toISOString().slice(0, 10), status, uptime });
  }
  return { days: out, uptime: allTotal ? allPassed / allTotal : null };
}

/** 99.9% and up is operational, 95% and up degraded, below that an outage. */
function dayStatus(uptime: number): DayStatus {
  if (uptime >= 0.999) return 'operational';
  return uptime >= 0.95 ? 'degraded' : 'outage';
}
