import { type RawBuilder, sql } from 'kysely';
import type { Relation } from '../schemaCache.js';
import { holdsMarker, keepExpr, secretFields } from '../secrets.js';
import type { Row } from '../whitelist.js';

/** The rows a write statement returns, as a JSON array text (json_agg of `returning *`). */
export interface WrittenRows {
  rows: string;
}

const table = (name: string) => sql.id('public', name);
const ids = (cols: string[]) => sql.join(cols.map((c) => sql.id(c)));
const returned = (write: RawBuilder<unknown>) =>
  sql<WrittenRows>`with _w as (${write}) select coalesce(json_agg(_w), '[]'::json)::text as rows from _w`;

/** How an insert treats a key that already exists (`Prefer: resolution=...`). */
export interface Upsert {
  onConflict: string[];
  ignore: boolean;
  /** Columns an update on conflict leaves as they are (who created the row, and when). */
  keep?: readonly string[];
}

/**
 * A written column's value: `ref` as sent, or, for a declared secret sent back holding the marker,
 * the stored secret it stands for (`old`; null for a new row, where a marker answers 400).
 */
function written(
  relation: Relation,
  column: string,
  ref: RawBuilder<unknown>,
  old: RawBuilder<unknown>,
  sent: unknown[],
) {
  const field = secretFields(relation.name).get(column);
  if (!field || !sent.some(holdsMarker)) return ref;
  return keepExpr(field, ref, old, relation.columns.get(column)?.udt ?? 'text');
}

/**
 * INSERT of `rows` into `relation` for `columns`: one bound JSON parameter, typed by the table's
 * own row type through json_populate_recordset, as PostgREST does. A key missing from a row is null.
 */
export function insertStatement(relation: Relation, columns: string[], rows: Row[], upsert?: Upsert) {
  const name = relation.name;
  if (!columns.length) return returned(sql`insert into ${table(name)} default values returning *`);
  const source = sql`json_populate_recordset(null::${table(name)}, ${JSON.stringify(rows)}::json) as _s`;
  const values = sql.join(
    columns.map((c) =>
      written(
        relation,
        c,
        sql`_s.${sql.id(c)}`,
        sql`null`,
        rows.map((r) => r[c]),
      ),
    ),
  );
  let conflict: RawBuilder<unknown> = sql``;
  if (upsert) {
    const target = sql` on conflict (${ids(upsert.onConflict)})`;
    const updated = columns.filter((c) => !upsert.keep?.includes(c));
    const set = sql.join(updated.map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`));
    // with nothing left to update, a conflict still answers the existing row (a no-op update)
    const noop = sql`${sql.id(upsert.onConflict[0] as string)} = _t.${sql.id(upsert.onConflict[0] as string)}`;
    conflict = upsert.ignore ? sql`${target} do nothing` : sql`${target} do update set ${updated.length ? set : noop}`;
  }
  return returned(
    sql`insert into ${table(name)} as _t (${ids(columns)}) select ${values} from ${source}${conflict} returning _t.*`,
  );
}

/** UPDATE of the rows matching `where` (over alias `alias`) with the patch's columns. */
export function updateStatement(relation: Relation, alias: string, patch: Row, where: RawBuilder<unknown>) {
  const name = relation.name;
  const columns = Object.keys(patch);
  const set = sql.join(
    columns.map((c) => sql`${sql.id(c)} = ${written(relation, c, sql`_p.${sql.id(c)}`, sql.id(alias, c), [patch[c]])}`),
  );
  const source = sql`json_populate_record(null::${table(name)}, ${JSON.stringify(patch)}::json) as _p`;
  return returned(
    sql`update ${table(name)} as ${sql.id(alias)} set ${set} from ${source} where ${where} returning ${sql.id(alias)}.*`,
  );
}

/** The rows matching `where` (over alias `alias`) as they are now, locked until the transaction ends. */
export function priorRowsStatement(name: string, alias: string, where: RawBuilder<unknown>) {
  return sql<WrittenRows>`select coalesce(json_agg(_r), '[]'::json)::text as rows from (select * from ${table(name)} as ${sql.id(alias)} where ${where} for update) _r`;
}

/** DELETE of the rows matching `where` (over alias `alias`). */
export function deleteStatement(name: string, alias: string, where: RawBuilder<unknown>) {
  return returned(sql`delete from ${table(name)} as ${sql.id(alias)} where ${where} returning ${sql.id(alias)}.*`);
}

/** The written rows as a relation again (`json_populate_recordset(...) as t0`), to select a representation from. */
export function writtenSource(name: string, alias: string, rowsJson: string): RawBuilder<unknown> {
  return sql`json_populate_recordset(null::${table(name)}, ${rowsJson}::json) as ${sql.id(alias)}`;
}
