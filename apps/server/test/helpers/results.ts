import type { Db } from '../../src/db/connection.js';
import { type PendingResult, ResultWriter } from '../../src/health/results.js';

/**
 * Stores check results the way the engine does (raw rows, hourly and daily rollups, the checks'
 * status and transitions), for tests that need a history without running a check.
 */
export async function writeCheckResults(db: Db, results: PendingResult[]): Promise<void> {
  const writer = new ResultWriter(db);
  for (const r of results) writer.add(r);
  await writer.stop();
}
