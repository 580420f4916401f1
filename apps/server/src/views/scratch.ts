import { PGlite } from '@electric-sql/pglite';
import type { ViewColumnType } from '@opsdeck/schema';
import { plainRow } from '../health/checks/lib/sql.js';

/**
 * The SQL engine a view's `merge` and panel queries run on: an in-memory PGlite of its own, never
 * the OpsDeck database, so a view's SQL sees only its query tables (the reference uses an
 * in-memory SQLite the same way). One engine per process, started on first use, used by one
 * refresh at a time; each refresh loads its tables into a transaction that is rolled back.
 */

export interface ScratchTable {
  rows: Array<Record<string, unknown>>;
  /** Declared column types (`queries.<name>.columns`); others are inferred from the values. */
  columns?: Record<string, ViewColumnType>;
}

export type ScratchQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

let engine: Promise<PGlite> | undefined;
let queue: Promise<unknown> = Promise.resolve();

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const PG_TYPES: Partial<Record<ViewColumnType, string>> = {
  number: 'double precision',
  decimal: 'double precision',
  gauge: 'double precision',
  bytes: 'double precision',
  millicore: 'double precision',
  boolean: 'boolean',
  datetime: 'timestamptz',
  labels: 'jsonb',
};

function inferType(values: unknown[]): string {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.length) return 'text';
  if (present.every((v) => typeof v === 'number')) return 'double precision';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'object')) return 'jsonb';
  return 'text';
}

/** Column definitions of one table: every key any row has, typed. */
function columnDefs(table: ScratchTable): string[] {
  const keys = new Set<string>(Object.keys(table.columns ?? {}));
  for (const row of table.rows) for (const k of Object.keys(row)) keys.add(k);
  return [...keys].map((k) => {
    const declared = table.columns?.[k];
    const type = declared ? (PG_TYPES[declared] ?? 'text') : inferType(table.rows.map((r) => r[k]));
    return `${ident(k)} ${type}`;
  });
}

/** Values as the typed columns expect them: objects stay JSON, other scalars become text where the column is text. */
function loadable(rows: Array<Record<string, unknown>>): string {
  return JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Loads `tables` and runs `work` with a query function over them, inside a transaction that is
 * rolled back afterwards. Each statement is limited to `timeoutMs`.
 */
export function withScratch<T>(
  tables: Record<string, ScratchTable>,
  timeoutMs: number,
  work: (query: ScratchQuery) => Promise<T>,
): Promise<T> {
  const run = async () => {
    engine ??= PGlite.create();
    const db = await engine;
    await db.exec('begin');
    try {
      await db.query(`set local statement_timeout = ${Math.max(100, Math.floor(timeoutMs))}`);
      for (const [name, table] of Object.entries(tables)) {
        const defs = columnDefs(table);
        if (!defs.length) {
          await db.query(`create temp table ${ident(name)} () on commit drop`);
          continue;
        }
        await db.query(
          `create temp table ${ident(name)} on commit drop as select * from jsonb_to_recordset($1::jsonb) as t(${defs.join(', ')})`,
          [loadable(table.rows)],
        );
      }
      return await work(async (text) => {
        const r = await db.query<Record<string, unknown>>(text);
        return r.rows.map(plainRow);
      });
    } finally {
      await db.exec('rollback').catch(() => {});
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}

/** Stops the engine (server shutdown, tests). */
export async function closeScratch(): Promise<void> {
  const current = engine;
  engine = undefined;
  if (current) await (await current).close();
}
