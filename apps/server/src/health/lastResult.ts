import type { Db } from '../db/connection.js';
import './tables.js';
import { specMemo } from './specMemo.js';

/**
 * The previous result of a check, for canary-checker's `last_result()` in expressions (so a check
 * can pass only when something changed since its last run). Kept in memory for checks whose
 * expressions call it, shared by every runner of one database (scheduler and Run Now), and read
 * from the newest check_statuses row when this process has not run the check yet (after a
 * restart, or a run by another process).
 */

/** What `last_result()` answers: canary-checker's fields of a check_statuses row. */
export interface LastResult {
  status: boolean;
  invalid: boolean;
  time: Date;
  /** Milliseconds. */
  duration: number;
  message: string;
  error: string;
  /** The stored details of that result (`{}` when none). */
  results: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when a check's spec calls `last_result` in an expression (kept with the spec object). */
export function usesLastResult(spec: object): boolean {
  const memo = specMemo(spec);
  memo.usesLastResult ??= JSON.stringify(spec).includes('last_result');
  return memo.usesLastResult;
}

/** Previous results by check id: this process's last run, else the database's newest row. */
export class LastResults {
  private readonly byCheck = new Map<string, LastResult>();

  constructor(private readonly db?: Db) {}

  /** Keeps a finished run of a check that reads `last_result()`; others are not kept. */
  remember(
    checkId: string,
    spec: object,
    time: Date,
    r: { pass: boolean; invalid?: boolean; duration: number; message?: string; error?: string; detail?: object },
  ): void {
    if (!usesLastResult(spec)) return;
    this.byCheck.set(checkId, {
      status: r.pass,
      invalid: r.invalid ?? false,
      time,
      duration: r.duration,
      message: r.message ?? '',
      error: r.error ?? '',
      results: (r.detail as Record<string, unknown> | undefined) ?? {},
    });
  }

  /** Forgets checks that no longer exist. */
  forget(checkIds: Iterable<string>): void {
    for (const id of checkIds) this.byCheck.delete(id);
  }

  /** The previous result of `checkId`, or undefined when it never ran. */
  async get(checkId: string): Promise<LastResult | undefined> {
    const kept = this.byCheck.get(checkId);
    if (kept || !this.db || !UUID.test(checkId)) return kept;
    // primary key (check_id, time) answers this with one index probe
    const row = await this.db.kysely
      .selectFrom('check_statuses')
      .select(['status', 'invalid', 'time', 'duration', 'message', 'error', 'details'])
      .where('check_id', '=', checkId)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      status: row.status ?? false,
      invalid: row.invalid ?? false,
      time: row.time,
      duration: row.duration ?? 0,
      message: row.message ?? '',
      error: row.error ?? '',
      results: (row.details as Record<string, unknown> | null) ?? {},
    };
  }
}

const perDb = new WeakMap<Db, LastResults>();

/** The previous results of one database, shared by its runners; a private memory without one. */
export function lastResultsFor(db: Db | undefined): LastResults {
  if (!db) return new LastResults();
  let r = perDb.get(db);
  if (!r) {
    r = new LastResults(db);
    perDb.set(db, r);
  }
  return r;
}
