import type { ViewColumnType } from '@opsdeck/schema';
import { plainRow } from '../integrations/sql/query.js';
import { DeadlinePool } from '../threads/deadlinePool.js';

/**
 * The SQL engine a view's `merge` and panel queries run on: an in-memory PGlite of its own, never
 * the OpsDeck database, so a view's SQL sees only its query tables (Mission Control uses an
 * in-memory SQLite the same way). It lives on a worker thread (scratchWorker.mjs), one refresh at
 * a time, so a slow or looping query never holds the server's thread: at the refresh's deadline
 * the thread is terminated and a new engine starts for the next refresh. Each refresh loads its
 * tables into a transaction that is rolled back, as a role that may not touch files, large
 * objects or settings, and each query runs as a subquery, so only a SELECT (or VALUES, TABLE) runs.
 */

export interface ScratchTable {
  rows: Array<Record<string, unknown>>;
  /** Declared column types (`queries.<name>.columns`); others are inferred from the values. */
  columns?: Record<string, ViewColumnType>;
  /** Columns the source always answers, typed for when no row has a value (an empty result still has them). */
  known?: Record<string, ViewColumnType>;
}

/** One query of a refresh and how many of its rows are kept. */
export interface ScratchQuery {
  text: string;
  maxRows: number;
}

/** A query that failed: which one (its index; -1 while loading the tables) and the engine's words. */
export class ScratchError extends Error {
  constructor(
    readonly query: number,
    message: string,
  ) {
    super(message);
    this.name = 'ScratchError';
  }
}

interface ScratchTask {
  tables: Array<{ create: string; params: unknown[] }>;
  queries: ScratchQuery[];
  statementTimeoutMs: number;
}
type ScratchAnswer = { results: Array<Array<Record<string, unknown>>> } | { failed: number; message: string };

/** How long starting the engine may take (it is a PostgreSQL initdb, seconds on a busy machine). */
const START_MS = 120_000;

const engine = new DeadlinePool<ScratchTask, ScratchAnswer>({
  script: new URL('./scratchWorker.mjs', import.meta.url),
  threads: 1,
  startMs: START_MS,
  maxQueue: 64,
  what: 'view SQL engine',
  // a merge that builds an enormous result stops its own thread, not the server
  resourceLimits: { maxOldGenerationSizeMb: 512 },
});

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

function inferType(values: unknown[], fallback: ViewColumnType | undefined): string {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.length) return (fallback && PG_TYPES[fallback]) ?? 'text';
  if (present.every((v) => typeof v === 'number')) return 'double precision';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'object')) return 'jsonb';
  return 'text';
}

/** Column definitions of one table: every key any row has, typed. */
function columnDefs(table: ScratchTable): string[] {
  const keys = new Set<string>([...Object.keys(table.known ?? {}), ...Object.keys(table.columns ?? {})]);
  for (const row of table.rows) for (const k of Object.keys(row)) keys.add(k);
  return [...keys].map((k) => {
    const declared = table.columns?.[k];
    const type = declared
      ? (PG_TYPES[declared] ?? 'text')
      : inferType(
          table.rows.map((r) => r[k]),
          table.known?.[k],
        );
    return `${ident(k)} ${type}`;
  });
}

/** Values as the typed columns expect them: objects stay JSON, other scalars become text where the column is text. */
function loadable(rows: Array<Record<string, unknown>>): string {
  return JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The statement creating one query table from its rows. */
function tableStatement(name: string, table: ScratchTable): { create: string; params: unknown[] } {
  const defs = columnDefs(table);
  if (!defs.length) return { create: `create temp table ${ident(name)} () on commit drop`, params: [] };
  return {
    create: `create temp table ${ident(name)} on commit drop as select * from jsonb_to_recordset($1::jsonb) as t(${defs.join(', ')})`,
    params: [loadable(table.rows)],
  };
}

/**
 * Loads `tables` and runs `queries` in order over them; resolves to their rows. Rejects with a
 * ScratchError naming the query that failed, or with a timeout when the work (not counting the
 * engine's start) takes longer than `timeoutMs`.
 */
export async function runScratch(
  tables: Record<string, ScratchTable>,
  queries: ScratchQuery[],
  timeoutMs: number,
): Promise<Array<Array<Record<string, unknown>>>> {
  const task: ScratchTask = {
    tables: Object.entries(tables).map(([name, t]) => tableStatement(name, t)),
    queries,
    statementTimeoutMs: timeoutMs,
  };
  const deadlineMs = Math.max(1, Math.floor(timeoutMs));
  const answer = await engine.run(task, {
    deadlineMs,
    timeoutMessage: `timed out after ${formatMs(deadlineMs)} (cache.refreshTimeout)`,
  });
  if ('failed' in answer) throw new ScratchError(answer.failed, answer.message);
  return answer.results.map((rows) => rows.map(plainRow));
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** Stops the engine and fails the refreshes waiting for it (server shutdown, tests). */
export function closeScratch(): Promise<void> {
  return engine.close();
}
