import type { CanarySpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskedColumn } from '../rest/secrets.js';
import type { RunnableCanary, RunnableCheck } from './runner.js';
import './tables.js';

/** A stored check with its canary, ready to run (Run Now), or undefined when it does not exist. */
export async function loadRunnableCheck(
  db: Db,
  checkId: string,
): Promise<{ canary: RunnableCanary; check: RunnableCheck; deleted: boolean } | undefined> {
  const row = await db.kysely
    .selectFrom('checks as c')
    .innerJoin('canaries as k', 'k.id', 'c.canary_id')
    .select([
      'c.id',
      'c.type',
      'c.name',
      'c.spec',
      'c.deleted_at',
      'c.transformed',
      'k.id as canary_id',
      'k.name as canary_name',
      'k.namespace as canary_namespace',
      'k.labels as canary_labels',
      'k.spec as canary_spec',
    ])
    .where('c.id', '=', checkId)
    .executeTakeFirst();
  if (!row) return undefined;
  const spec = row.canary_spec as CanarySpec;
  const check: RunnableCheck = {
    id: row.id,
    type: row.type,
    name: row.name,
    spec: row.spec as Record<string, unknown>,
  };
  return {
    canary: {
      id: row.canary_id,
      name: row.canary_name,
      namespace: row.canary_namespace,
      labels: (row.canary_labels as Record<string, string> | null) ?? {},
      retries: spec.retries,
      checks: [check],
    },
    check,
    deleted: row.deleted_at !== null || row.transformed,
  };
}

/**
 * A Run Now result's message and error masked as the check's history shows them (docs/secrets.md):
 * the masking rules live in the database, so the values go through it.
 */
export async function maskedResultText(
  db: Db,
  result: { message?: string; error?: string },
): Promise<{ message: string | null; error: string | null } | undefined> {
  const mask = (column: 'message' | 'error', value: string | undefined) =>
    maskedColumn('check_statuses', column, sql`${value ?? null}::text`, 'text');
  const { rows } = await sql<{ message: string | null; error: string | null }>`
    select ${mask('message', result.message)} as message, ${mask('error', result.error)} as error`.execute(db.kysely);
  return rows[0];
}
