import type { Subject } from '../../rbac/resources.js';
import type { Row } from '../whitelist.js';

/** A write as the hooks see it before it runs. */
export interface WriteInput {
  method: 'POST' | 'PATCH' | 'DELETE';
  subject: Subject;
  rows?: Row[];
  patch?: Row;
}

/**
 * Groups POST rows into INSERT statements as [columns, rows]. By default one statement over the
 * `columns=` list (or every key any row has), where a missing key is null, as PostgREST does.
 * With `Prefer: missing=default` rows are grouped by their own keys so a missing key takes the
 * column default.
 */
export function writeRows(rows: Row[], columns: string[] | undefined, missingDefault: boolean): [string[], Row[]][] {
  if (!missingDefault) {
    const all = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
    if (all.length) return rows.length ? [[all, rows]] : [];
    return rows.map((r) => [[], [r]]);
  }
  const groups = new Map<string, [string[], Row[]]>();
  for (const row of rows) {
    const keys = Object.keys(row).filter((k) => !columns || columns.includes(k));
    const id = JSON.stringify(keys);
    const group = groups.get(id) ?? [keys, []];
    group[1].push(row);
    groups.set(id, group);
  }
  // a row with no keys at all is its own `default values` insert
  return [...groups.values()].flatMap(([keys, group]): [string[], Row[]][] =>
    keys.length ? [[keys, group]] : group.map((r): [string[], Row[]] => [[], [r]]),
  );
}
