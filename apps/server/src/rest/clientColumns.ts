import { badRequest } from '../errors.js';
import type { Relation } from './schemaCache.js';
import type { ExposedTable, Row } from './whitelist.js';

/**
 * What a client may put in the columns of an /api/db write, checked on the body as the client
 * sent it (before defaults and hooks add the server's own values):
 * - columns the server assigns (who wrote a row and when) are never written by a client;
 * - text is bounded: a name or title is a line, anything else a document (64 KiB).
 */

/** Columns the server or the database fills on every table that has them. */
export const SERVER_ASSIGNED = ['created_by', 'created_at', 'updated_at', 'updated_by'] as const;

/** The length of a name-like text column (names, titles, kinds). */
export const SHORT_TEXT = 500;
/** The length of any other text column (descriptions, comments, scripts). */
export const LONG_TEXT = 64 * 1024;

const SHORT_COLUMNS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'namespace',
  'email',
  'phone',
  'icon',
  'type',
  'status',
  'severity',
  'source',
  'external_id',
  'external_created_by',
  'hostname',
  'username',
  'version',
  'organization',
  'subject',
  'subject_type',
  'action',
  'object',
]);

function readOnlyColumns(entry: ExposedTable, relation: Relation): string[] {
  return [...SERVER_ASSIGNED, ...(entry.readOnlyColumns ?? [])].filter((c) => relation.columns.has(c));
}

/** The most characters a client may write into `column`, or undefined when it is not text. */
function textLimit(entry: ExposedTable, relation: Relation, column: string): number | undefined {
  const own = entry.textLimits?.[column];
  if (own !== undefined) return own;
  const meta = relation.columns.get(column);
  if (meta?.category !== 'S') return undefined;
  return SHORT_COLUMNS.has(column) ? SHORT_TEXT : LONG_TEXT;
}

/**
 * Refuses (400, naming the field) a body that writes a server-assigned column or a text longer
 * than its column allows. `rows` are POST rows (named by index when there are several).
 */
export function checkClientColumns(entry: ExposedTable, relation: Relation, rows: Row[]): void {
  const readOnly = readOnlyColumns(entry, relation);
  rows.forEach((row, i) => {
    const where = rows.length > 1 ? `[${i}].` : '';
    for (const [column, value] of Object.entries(row)) {
      if (readOnly.includes(column)) {
        throw badRequest(`${where}${column} is set by the server and cannot be written`);
      }
      const limit = typeof value === 'string' ? textLimit(entry, relation, column) : undefined;
      if (limit !== undefined && typeof value === 'string' && value.length > limit) {
        throw badRequest(`${where}${column} is too long: at most ${limit} characters (got ${value.length})`);
      }
    }
  });
}
