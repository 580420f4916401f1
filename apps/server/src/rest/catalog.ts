import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

// The catalog queries behind the schema cache: pg_catalog and information_schema of `public`.

export interface ColumnRow {
  relation: string;
  relkind: string;
  name: string;
  type: string;
  udt: string;
  category: string;
  not_null: boolean;
  has_default: boolean;
}

export interface KeyRow {
  relation: string;
  kind: string;
  columns: string[];
}

export interface FkRow {
  name: string;
  source: string;
  target: string;
  source_columns: string[];
  target_columns: string[];
}

export interface UsageRow {
  view: string;
  table: string;
  column: string;
}

export interface FunctionRow {
  name: string;
  retset: boolean;
  rettype: string;
  typtype: string;
  ret_relation: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  arg_udts: string[];
  arg_categories: string[];
  nargs: number;
  ndefaults: number;
}

/** Columns of the public schema's tables and views, in order. */
export async function loadColumns(db: Db): Promise<ColumnRow[]> {
  const { rows } = await sql<ColumnRow>`
    select c.relname as relation, c.relkind::text as relkind, a.attname::text as name,
      format_type(a.atttypid, a.atttypmod) as type, t.typname::text as udt, t.typcategory::text as category,
      a.attnotnull as not_null, a.atthasdef as has_default
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
    order by c.relname, a.attnum`.execute(db.kysely);
  return rows;
}

/** Primary keys, unique constraints and unique indexes without predicate or expression. */
export async function loadKeys(db: Db): Promise<KeyRow[]> {
  const { rows } = await sql<KeyRow>`
    select c.relname::text as relation, case when i.indisprimary then 'p' else 'u' end as kind,
      array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n order by k.o) as columns
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique and i.indpred is null and i.indexprs is null`.execute(db.kysely);
  return rows;
}

/** Foreign keys between relations of the public schema, with their columns in order. */
export async function loadForeignKeys(db: Db): Promise<FkRow[]> {
  const { rows } = await sql<FkRow>`
    select con.conname::text as name, src.relname::text as source, tgt.relname::text as target,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as source_columns,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as target_columns
    from pg_constraint con
    join pg_class src on src.oid = con.conrelid
    join pg_class tgt on tgt.oid = con.confrelid
    join pg_namespace ns on ns.oid = src.relnamespace
    join pg_namespace nt on nt.oid = tgt.relnamespace
    where con.contype = 'f' and ns.nspname = 'public' and nt.nspname = 'public'
    order by con.conname`.execute(db.kysely);
  return rows;
}

/** Which table columns each view reads (to give views their tables' foreign keys). */
export async function loadViewUsage(db: Db): Promise<UsageRow[]> {
  const { rows } = await sql<UsageRow>`
    select view_name::text as view, table_name::text as table, column_name::text as column
    from information_schema.view_column_usage
    where view_schema = 'public' and table_schema = 'public'`.execute(db.kysely);
  return rows;
}

/** Functions of the public schema with their arguments and return types. */
export async function loadFunctions(db: Db): Promise<FunctionRow[]> {
  const { rows } = await sql<FunctionRow>`
    select p.proname::text as name, p.proretset as retset, format_type(p.prorettype, null) as rettype,
      rt.typtype::text as typtype, rc.relname::text as ret_relation,
      coalesce(p.proargnames, '{}')::text[] as arg_names,
      coalesce(p.proargmodes::text[], '{}') as arg_modes,
      array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
            with ordinality u(x, o) order by o) as arg_types,
      array(select t.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
            with ordinality u(x, o) join pg_type t on t.oid = u.x order by o) as arg_udts,
      array(select t.typcategory::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
            with ordinality u(x, o) join pg_type t on t.oid = u.x order by o) as arg_categories,
      p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    left join pg_class rc on rc.oid = rt.typrelid and rt.typrelid <> 0
    where n.nspname = 'public' and p.prokind = 'f'`.execute(db.kysely);
  return rows;
}
