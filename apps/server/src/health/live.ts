import type { AppContext } from '../context.js';
import { publishCheckResults } from '../live/publish.js';
import type { PendingResult } from './results.js';

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/** Tells open live streams about a stored batch of results (best effort: pages poll if they miss it). */
export function announceResults(ctx: AppContext, rows: readonly PendingResult[], log?: Log): void {
  const items = rows.map((r) => ({
    check_id: r.checkId,
    status: r.pass ? ('healthy' as const) : ('unhealthy' as const),
    time: r.time.toISOString(),
    duration: r.duration,
  }));
  publishCheckResults(ctx, items).catch((err) => log?.warn({ err }, 'live updates: announcing results failed'));
}
