import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/**
 * Folds the delta rows of config_change_days (migration 192: triggers append one row per
 * statement and key) into one row per key; returns how many rows were folded. Safe to run from
 * several processes at once. The retention job and every stored scraper run call it.
 */
export async function compactChangeDays(db: Db): Promise<number> {
  const r = await sql<{ n: string | number }>`select config_change_days_compact() as n`.execute(db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}
