import { forbiddenWrite } from './errors.js';
import type { WriteInput } from './handlers/writeRows.js';
import type { ExposedTable, Row } from './whitelist.js';

/**
 * Enforces an entry's `authorOnly` on the rows a write touched, inside its transaction (a refusal
 * rolls the write back). `created_by` is read-only to clients, so a written row's author is the
 * one it had: a PATCH, DELETE or merging upsert that reached someone else's row is refused.
 * A POST that only inserts creates rows of the caller's own.
 */
export function requireAuthorship(entry: ExposedTable, input: WriteInput, rows: Row[], merges: boolean): void {
  const rule = entry.authorOnly;
  if (!rule || input.subject.roles.includes('admin')) return;
  if (input.method === 'POST' && !merges) return;
  const shared = rule.sharedColumns ?? [];
  if (input.method === 'PATCH' && input.patch && Object.keys(input.patch).every((c) => shared.includes(c))) return;
  const foreign = rows.find((row) => row.created_by !== input.subject.id);
  if (!foreign) return;
  const verb = input.method === 'DELETE' ? 'deleted' : 'changed';
  const but = shared.length && input.method !== 'DELETE' ? ` (others may change only ${shared.join(', ')})` : '';
  throw forbiddenWrite(
    `${rule.noun} ${String(foreign.id ?? '')} was written by someone else: it can be ${verb} only by its author or an admin${but}`,
  );
}
