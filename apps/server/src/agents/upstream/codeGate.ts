import { type Kysely, sql, type Transaction } from 'kysely';
import { type Database, LOCAL_AGENT_ID } from '../../db/types.js';
import type { ExecMode } from '../../sandbox/config.js';
import { agentCodeRefusal, type CodeKind } from '../../sandbox/execPolicy.js';
import type { PushTableName } from './tables.js';

type Row = Record<string, unknown>;

/** The pushed tables whose rows hold specs that can run code, with the kind of spec each holds. */
const CODE_TABLES: Partial<Record<PushTableName, CodeKind>> = {
  canaries: 'Canary',
  config_scrapers: 'ScrapeConfig',
  topologies: 'Topology',
};

/** The agent a push comes from, as far as code is concerned. */
export interface PushingAgent {
  id: string;
  /** An admin allowed it to send specs that run code. */
  execAllowed: boolean;
}

/** A pushed row refused because it runs code, with the reason the agent is told. */
export interface CodeRefusal {
  row: Row;
  reason: string;
}

/**
 * Splits pushed rows of `table` into those stored as usual and those refused because their spec
 * runs code the agent may not send (sandbox/execPolicy.ts decides). A row whose spec equals the
 * one stored here for the agent passes: that is an assignment from this OpsDeck coming back.
 */
export async function screenAgentCode(
  trx: Transaction<Database>,
  table: PushTableName,
  rows: Row[],
  agent: PushingAgent,
  mode: ExecMode,
): Promise<{ kept: Row[]; refused: CodeRefusal[] }> {
  const kind = CODE_TABLES[table];
  if (!kind) return { kept: rows, refused: [] };
  const kept: Row[] = [];
  const refused: CodeRefusal[] = [];
  for (const row of rows) {
    const reason = agentCodeRefusal(mode, agent.execAllowed, row.spec, kind);
    if (reason && !(await storedAsIs(trx, table, row, agent.id))) refused.push({ row, reason });
    else kept.push(row);
  }
  return { kept, refused };
}

async function storedAsIs(trx: Transaction<Database>, table: string, row: Row, agentId: string): Promise<boolean> {
  if (typeof row.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(row.id)) return false;
  const { rows } = await sql<{ same: boolean }>`
    select exists (select 1 from ${sql.table(table)} t where t.id = ${row.id}::uuid and t.agent_id = ${agentId}::uuid
      and t.spec = ${JSON.stringify(row.spec ?? null)}::jsonb) as same`.execute(trx);
  return rows[0]?.same === true;
}

/** How a refused row reads in the push answer. */
export const refusalText = (table: PushTableName, r: CodeRefusal) =>
  `${table} ${String(r.row.id)}${typeof r.row.name === 'string' ? ` (${r.row.name})` : ''}: ${r.reason}`;

/** The stored rows Run Now runs, with the kind of spec each holds. */
const RUNNABLE = { checks: 'Check', config_scrapers: 'ScrapeConfig', topologies: 'Topology' } as const;

/**
 * Why Run Now here may not run the stored row `id` of `table`, or undefined: a row an agent owns
 * runs code here only when an admin allowed that agent to send code (and exec is not off), so a
 * spec an agent pushed, or overwrote, never runs on this server on someone's click otherwise.
 */
export async function storedAgentCodeRefusal(
  db: Kysely<Database>,
  mode: ExecMode,
  table: keyof typeof RUNNABLE,
  id: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ agent_id: string | null; type: string | null; spec: unknown; exec_allowed: boolean }>`
    select t.agent_id::text, ${table === 'checks' ? sql`t.type` : sql`null::text`} as type, t.spec,
      coalesce(a.exec_allowed, false) as exec_allowed
    from ${sql.table(table)} t left join agents a on a.id = t.agent_id
    where t.id = ${id}::uuid`.execute(db);
  const row = rows[0];
  if (!row?.agent_id || row.agent_id === LOCAL_AGENT_ID) return undefined;
  const spec = table === 'checks' ? { type: row.type, spec: row.spec } : row.spec;
  const reason = agentCodeRefusal(mode, row.exec_allowed, spec, RUNNABLE[table]);
  return reason && `${reason}; Run Now does not run it on this server`;
}
