import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { evaluateCel } from '../expr/index.js';
import type { ConfigDiff } from './diff.js';
import { changeFingerprint } from './fingerprint.js';
import './tables.js';

/**
 * Records the diff change of a rescraped item: `change_type` diff, the unified diff text, the
 * merge patch and the changed paths as summary. A change whose fingerprint matches one recorded
 * for the same item within the dedupe window grows that row's `count` (and takes the latest diff
 * and time) instead of adding a row; the window restarts on every hit. Looks up the last match
 * through config_changes_fingerprint_idx, so nothing is cached in the process.
 */

/** What happened to a change: stored as a new row, merged into an earlier one, or excluded. */
export type ChangeOutcome = 'recorded' | 'deduped' | 'excluded';

export interface DiffChangeInput {
  configId: string;
  configType: string;
  config: unknown;
  diff: ConfigDiff;
  now: Date;
  /** Dedupe window in ms; 0 turns dedupe off. */
  dedupWindowMs: number;
  /** CEL expressions of transform.changes.exclude; a true one drops the change. */
  exclude: string[];
}

/** Whether one of the `exclude` expressions is true for the change (an expression that fails counts as false). */
function excluded(exclude: string[], change: Record<string, unknown>, config: unknown): boolean {
  const vars = { ...change, change, config };
  return exclude.some((expr) => {
    try {
      return evaluateCel(expr, vars) === true;
    } catch {
      return false;
    }
  });
}

export async function recordDiffChange(trx: Transaction<Database>, input: DiffChangeInput): Promise<ChangeOutcome> {
  const change = {
    change_type: 'diff',
    source: 'diff',
    severity: 'info',
    summary: input.diff.summary,
    patches: input.diff.patch,
    diff: input.diff.diff,
    config_type: input.configType,
  };
  if (excluded(input.exclude, change, input.config)) return 'excluded';
  const fingerprint = changeFingerprint({ change_type: 'diff', patches: input.diff.patch });
  if (fingerprint && input.dedupWindowMs > 0) {
    const since = new Date(input.now.getTime() - input.dedupWindowMs);
    const earlier = await trx
      .selectFrom('config_changes')
      .select('id')
      .where('config_id', '=', input.configId)
      .where('fingerprint', '=', fingerprint)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (earlier) {
      await trx
        .updateTable('config_changes')
        .set({
          count: sql`count + 1`,
          created_at: input.now,
          summary: change.summary,
          diff: change.diff,
          patches: JSON.stringify(change.patches),
        })
        .where('id', '=', earlier.id)
        .execute();
      return 'deduped';
    }
  }
  await trx
    .insertInto('config_changes')
    .values({
      config_id: input.configId,
      change_type: change.change_type,
      source: change.source,
      severity: change.severity,
      summary: change.summary,
      diff: change.diff,
      patches: JSON.stringify(change.patches),
      fingerprint,
      created_at: input.now,
      first_observed: input.now,
    })
    .execute();
  return 'recorded';
}
