import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskExpr } from '../rest/secrets.js';

/**
 * Error texts with credentials in URLs, DSNs and Authorization values masked by the one masker
 * (migration 070, docs/secrets.md), before a scrape stores them in job_history or answers them.
 */
export async function maskErrorTexts(db: Db, texts: string[]): Promise<string[]> {
  if (!texts.length) return texts;
  const { rows } = await sql<{ t: string }>`
    select ${maskExpr('url', sql`u.e`, 'text')} as t
    from unnest(${texts}::text[]) with ordinality as u(e, n) order by u.n`.execute(db.kysely);
  return rows.map((r) => r.t);
}
