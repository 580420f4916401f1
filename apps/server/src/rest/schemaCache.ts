import type { Db } from '../db/connection.js';
import {
  type ColumnRow,
  type FunctionRow,
  type KeyRow,
  loadColumns,
  loadForeignKeys,
  loadFunctions,
  loadKeys,
  loadViewUsage,
  type UsageRow,
} from './catalog.js';

/** A column of a table or view as the live catalog describes it. */
export interface Column {
  name: string;
  /** format_type(), e.g. `timestamp with time zone`, `text[]`. */
  type: string;
  /** pg_type.typname, e.g. `timestamptz`, `jsonb`, `_text`. */
  udt: string;
  /** pg_type.typcategory: S string, N numeric, A array, B boolean, D datetime, U user (json) ... */
  category: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** A table, view or materialized view of the public schema. */
export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Primary key columns (empty for views and keyless tables). */
  primaryKey: string[];
  /** Column sets known unique (primary key, unique constraints and plain unique indexes). */
  uniqueKeys: string[][];
}

/** A foreign key from `source(sourceColumns)` to `target(targetColumns)`; views inherit their tables'. */
export interface ForeignKey {
  name: string;
  source: string;
  sourceColumns: string[];
  target: string;
  targetColumns: string[];
}

/** An argument of an SQL function. */
export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** An SQL function of the public schema, with what it returns. */
export interface SqlFunction {
  name: string;
  args: FunctionArg[];
  /** Whether it returns a set of rows (SETOF / TABLE). */
  returnsSet: boolean;
  /** scalar: a base type; composite: rows of `returnRelation` or of `outColumns`; void: nothing. */
  returns: 'scalar' | 'composite' | 'void';
  returnType: string;
  /** Columns of the rows it returns (composite only). */
  columns: Map<string, Column>;
}

/** What the resource layer knows about the database: relations, relationships and functions. */
export interface Schema {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, SqlFunction[]>;
}

function buildRelations(columns: ColumnRow[], keys: KeyRow[]): Map<string, Relation> {
  const relations = new Map<string, Relation>();
  for (const c of columns) {
    let rel = relations.get(c.relation);
    if (!rel) {
      const kind = c.relkind === 'r' || c.relkind === 'p' || c.relkind === 'f' ? 'table' : 'view';
      rel = { name: c.relation, kind, columns: new Map(), primaryKey: [], uniqueKeys: [] };
      relations.set(c.relation, rel);
    }
    rel.columns.set(c.name, {
      name: c.name,
      type: c.type,
      udt: c.udt,
      category: c.category,
      notNull: c.not_null,
      hasDefault: c.has_default,
    });
  }
  for (const k of keys) {
    const rel = relations.get(k.relation);
    if (!rel) continue;
    if (k.kind === 'p') rel.primaryKey = k.columns;
    rel.uniqueKeys.push(k.columns);
  }
  return relations;
}

/**
 * Foreign keys of views, inferred from the tables they read: a view column counts as a table column
 * when the view uses exactly one table column of that name (information_schema.view_column_usage).
 * A view gets a table's key when it exposes all of the key's columns.
 */
function viewForeignKeys(relations: Map<string, Relation>, fks: ForeignKey[], usage: UsageRow[]): ForeignKey[] {
  const origins = new Map<string, Map<string, string[]>>(); // view -> column -> tables
  for (const u of usage) {
    const view = relations.get(u.view);
    if (!view?.columns.has(u.column)) continue;
    const byColumn = origins.get(u.view) ?? new Map<string, string[]>();
    origins.set(u.view, byColumn);
    byColumn.set(u.column, [...(byColumn.get(u.column) ?? []), u.table]);
  }
  const from = (view: string, table: string, cols: string[]) =>
    cols.every((c) => {
      const tables = origins.get(view)?.get(c);
      return tables?.length === 1 && tables[0] === table;
    });
  const out: ForeignKey[] = [];
  for (const view of origins.keys()) {
    for (const fk of fks) {
      if (from(view, fk.source, fk.sourceColumns)) out.push({ ...fk, source: view });
      if (from(view, fk.target, fk.targetColumns)) out.push({ ...fk, target: view });
    }
  }
  return out;
}

function buildFunctions(rows: FunctionRow[], relations: Map<string, Relation>): Map<string, SqlFunction[]> {
  const out = new Map<string, SqlFunction[]>();
  for (const r of rows) {
    const modes = r.arg_modes.length ? r.arg_modes : r.arg_types.map(() => 'i');
    const args: FunctionArg[] = [];
    const outColumns = new Map<string, Column>();
    modes.forEach((mode, i) => {
      const name = r.arg_names[i] ?? '';
      const type = r.arg_types[i] ?? 'unknown';
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outColumns.set(name, {
          name,
          type,
          udt: r.arg_udts[i] ?? '',
          category: r.arg_categories[i] ?? 'U',
          notNull: false,
          hasDefault: false,
        });
      }
    });
    args.slice(args.length - r.ndefaults).forEach((a) => {
      a.hasDefault = true;
    });
    let returns: SqlFunction['returns'] = 'scalar';
    let columns = outColumns;
    if (r.rettype === 'void') returns = 'void';
    else if (r.ret_relation && relations.has(r.ret_relation)) {
      returns = 'composite';
      columns = (relations.get(r.ret_relation) as Relation).columns;
    } else if (r.rettype === 'record' && outColumns.size > 0) returns = 'composite';
    const fn: SqlFunction = { name: r.name, args, returnsSet: r.retset, returns, returnType: r.rettype, columns };
    out.set(r.name, [...(out.get(r.name) ?? []), fn]);
  }
  return out;
}

/** Reads the live catalog of the public schema (a few catalog queries, ~10-40 ms). */
export async function loadSchema(db: Db): Promise<Schema> {
  const [columns, keys, fkRows, usage, fnRows] = await Promise.all([
    loadColumns(db),
    loadKeys(db),
    loadForeignKeys(db),
    loadViewUsage(db),
    loadFunctions(db),
  ]);
  const relations = buildRelations(columns, keys);
  const tableFks: ForeignKey[] = fkRows.map((f) => ({
    name: f.name,
    source: f.source,
    sourceColumns: f.source_columns,
    target: f.target,
    targetColumns: f.target_columns,
  }));
  const foreignKeys = [...tableFks, ...viewForeignKeys(relations, tableFks, usage)];
  return { relations, foreignKeys, functions: buildFunctions(fnRows, relations) };
}

const cache = new WeakMap<Db, Promise<Schema>>();

/** The schema of `db`, loaded once per process and database until `refreshSchema`. */
export function schemaOf(db: Db): Promise<Schema> {
  let schema = cache.get(db);
  if (!schema) {
    schema = loadSchema(db);
    cache.set(db, schema);
    // a failed load (database down) must not stick: the next request tries again
    schema.catch(() => cache.delete(db));
  }
  return schema;
}

/** Forgets the cached schema of `db` (after a migration, or a test that creates tables). */
export function refreshSchema(db: Db): void {
  cache.delete(db);
}
