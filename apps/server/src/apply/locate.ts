import { sql } from 'kysely';
import { LOCAL_AGENT_ID } from '../db/types.js';
import type { ApplyScope } from './kind.js';

/**
 * The id of the live row of `table` named `name` (and `namespace`, and `source` when given): how
 * every kind finds what a document names. Table and column names are identifiers from the kind,
 * never from the document.
 */
export async function locate(
  scope: ApplyScope,
  table: string,
  where: { name: string; namespace?: string; source?: string; nameColumn?: string; local?: boolean },
): Promise<string | undefined> {
  const t = sql.table(table);
  const ns = where.namespace === undefined ? sql`` : sql` and namespace = ${where.namespace}`;
  const src = where.source === undefined ? sql`` : sql` and coalesce(source, '') = ${where.source}`;
  // tables agents push into hold their rows too: a file names this server's own
  const own = where.local ? sql` and agent_id = ${LOCAL_AGENT_ID}` : sql``;
  const { rows } = await sql<{ id: string }>`
    select id::text as id from ${t} where ${sql.ref(where.nameColumn ?? 'name')} = ${where.name}${ns}${src}${own}
      and deleted_at is null limit 1`.execute(scope.trx);
  return rows[0]?.id;
}

// what a save stamps whatever changed: when it was written and when the scheduler should look again
const STAMPS = ['updated_at', 'updated_by', 'next_runtime', 'claimed_by'];

/** The row as stored, without its stamps: two equal snapshots mean the apply changed nothing. */
export async function snapshot(scope: ApplyScope, table: string, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ row: unknown }>`
    select to_jsonb(t) - ${sql.val(STAMPS)}::text[] as row from ${sql.table(table)} t where id = ${id}::uuid`.execute(
    scope.trx,
  );
  return rows[0] ? JSON.stringify(rows[0].row) : undefined;
}

/** Soft-deletes a row: triggers of the table retire what derives from it (checks, components). */
export async function softDelete(scope: ApplyScope, table: string, id: string): Promise<void> {
  await sql`update ${sql.table(table)} set deleted_at = ${scope.now} where id = ${id}::uuid and deleted_at is null`.execute(
    scope.trx,
  );
}
