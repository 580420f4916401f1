import type { Db } from '../db/connection.js';
import { maskTexts } from '../rest/secretValues.js';

/**
 * Error texts with credentials in URLs, DSNs and Authorization values masked by the one masker
 * (rest/secretValues.ts, migration 070, docs/secrets.md), before a scrape stores them in
 * job_history or answers them.
 */
export function maskErrorTexts(db: Db, texts: string[]): Promise<string[]> {
  return maskTexts(db, texts);
}
