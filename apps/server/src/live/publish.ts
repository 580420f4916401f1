import type { LiveCheckResult } from '@opsdeck/schema/live';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { liveHub } from './registry.js';

/** Under PostgreSQL's 8000-byte NOTIFY limit with room for the envelope. */
export const MAX_PAYLOAD = 7_500;

/** One stored check result as streams carry it: the web app patches what it shows with it. */
export type ResultItem = LiveCheckResult;

/** Splits items into `check.results` payloads that each fit one NOTIFY. */
export function resultPayloads(items: readonly ResultItem[], max = MAX_PAYLOAD): string[] {
  const head = '{"type":"check.results","results":[';
  const out: string[] = [];
  let parts: string[] = [];
  let size = head.length + 2;
  for (const item of items) {
    const text = JSON.stringify(item);
    if (parts.length && size + text.length + 1 > max) {
      out.push(`${head}${parts.join(',')}]}`);
      parts = [];
      size = head.length + 2;
    }
    parts.push(text);
    size += text.length + 1;
  }
  if (parts.length) out.push(`${head}${parts.join(',')}]}`);
  return out;
}

/**
 * Announces stored check results. On PostgreSQL they go out as NOTIFYs (every process's streams
 * get them, this one's included); on the embedded database straight to this process's hub.
 */
export async function publishCheckResults(ctx: AppContext, items: readonly ResultItem[]): Promise<void> {
  if (!items.length) return;
  const payloads = resultPayloads(items);
  if (ctx.db.kind === 'pglite') {
    const hub = liveHub(ctx);
    for (const p of payloads) {
      const { type, ...data } = JSON.parse(p) as { type: string };
      hub.dispatch({ type, data });
    }
    return;
  }
  await notifyAll(ctx.db, payloads);
}

async function notifyAll(db: Db, payloads: string[]): Promise<void> {
  await sql`select pg_notify('opsdeck_live', p) from unnest(${payloads}::text[]) as p`.execute(db.kysely);
}
