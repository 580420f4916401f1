import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ExecMode } from '../../sandbox/config.js';
import { type PushingAgent, refusalText, screenAgentCode } from './codeGate.js';
import {
  isPushTable,
  keyMatch,
  keyOf,
  PUSH_TABLE_NAMES,
  PUSH_TABLES,
  type PushTable,
  type PushTableName,
} from './tables.js';

type Row = Record<string, unknown>;
export type PushData = Partial<Record<PushTableName, Row[]>>;

/** What the upstream answers a push: rows stored, rows whose parent is missing (retry after it), rows refused. */
export interface PushAnswer {
  accepted: Partial<Record<PushTableName, number>>;
  /** Keys of rows whose parent row is not here yet: the agent sends the parent again, then these. */
  failed: Partial<Record<PushTableName, Row[]>>;
  /**
   * Keys of rows never stored: they belong to someone else here (another agent or this OpsDeck),
   * or they run code this agent may not send (then `errors` says so).
   */
  refused: Partial<Record<PushTableName, Row[]>>;
  /** Why rows were refused, one line each, when the reason is not ownership. */
  errors?: string[];
}

// the columns of the ten pushed tables, read once per process (the schema only changes by migration)
const columnsCache = new Map<string, Promise<string[]>>();
function columnsOf(db: Kysely<Database> | Transaction<Database>, table: string): Promise<string[]> {
  let cols = columnsCache.get(table);
  if (!cols) {
    cols = sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      .execute(db)
      .then((r) => r.rows.map((c) => c.column_name));
    columnsCache.set(table, cols);
    cols.catch(() => columnsCache.delete(table));
  }
  return cols;
}

/** Which of `ids` exist in `table`, and which of those the agent owns. */
async function parentsOf(
  trx: Transaction<Database>,
  table: PushTableName,
  ids: string[],
  agentId: string,
): Promise<{ exists: Set<string>; owned: Set<string> }> {
  if (!ids.length) return { exists: new Set(), owned: new Set() };
  const { rows } = await sql<{ id: string; agent_id: string }>`
    select id::text, agent_id::text from ${sql.table(table)} where id = any(${ids}::uuid[])`.execute(trx);
  return {
    exists: new Set(rows.map((r) => r.id)),
    owned: new Set(rows.filter((r) => r.agent_id === agentId).map((r) => r.id)),
  };
}

/** Splits rows into ready (all parents here and the agent's), waiting (a parent missing) and refused. */
async function classify(
  trx: Transaction<Database>,
  t: PushTable,
  rows: Row[],
  agentId: string,
): Promise<{ ready: Row[]; waiting: Row[]; refused: Row[] }> {
  const verdict = new Map<Row, 'ready' | 'waiting' | 'refused'>(rows.map((r) => [r, 'ready']));
  for (const [column, parent] of Object.entries(t.parents)) {
    const ids = [...new Set(rows.flatMap((r) => (typeof r[column] === 'string' ? [r[column] as string] : [])))];
    const { exists, owned } = await parentsOf(trx, parent, ids, agentId);
    for (const r of rows) {
      const v = r[column];
      if (typeof v !== 'string' || verdict.get(r) === 'refused') continue;
      if (!exists.has(v)) verdict.set(r, 'waiting');
      else if (!owned.has(v)) verdict.set(r, 'refused');
    }
  }
  const of = (k: string) => rows.filter((r) => verdict.get(r) === k);
  return { ready: of('ready'), waiting: of('waiting'), refused: of('refused') };
}

/** Upserts rows the agent owns; answers the keys stored (a key held by someone else is not touched). */
async function upsert(trx: Transaction<Database>, t: PushTable, rows: Row[], agentId: string): Promise<Row[]> {
  const all = await columnsOf(trx, t.name);
  const stamped = t.owner === 'agent_id' ? rows.map((r) => ({ ...r, agent_id: agentId })) : rows;
  // the columns the rows carry (an absent one keeps its default on insert and its value on update)
  const sent = new Set(stamped.flatMap((r) => Object.keys(r)));
  const cols = all.filter((c) => sent.has(c) && !t.skip.includes(c) && c !== 'is_pushed');
  const ids = sql.join(cols.map((c) => sql.ref(c)));
  const updates = sql.join(
    cols.filter((c) => !t.key.includes(c)).map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
  );
  // a row already here under this key must be the agent's (or hang off the agent's parent)
  const mine =
    t.owner === 'agent_id'
      ? sql`${sql.ref(`${t.name}.agent_id`)} = ${agentId}::uuid`
      : sql`exists (select 1 from ${sql.table(t.owner.parent)} p where p.id = ${sql.ref(`${t.name}.${t.owner.column}`)} and p.agent_id = ${agentId}::uuid)`;
  const { rows: stored } = await sql<{ k: Row }>`
    insert into ${sql.table(t.name)} (${ids})
    select ${ids} from jsonb_populate_recordset(null::${sql.table(t.name)}, ${JSON.stringify(stamped)}::jsonb)
    on conflict (${sql.join(t.key.map((k) => sql.ref(k)))}) do update set ${updates} where ${mine}
    returning jsonb_build_object(${sql.join(t.key.map((k) => sql`${sql.lit(k)}::text, ${sql.ref(k)}`))}) as k`.execute(
    trx,
  );
  return stored.map((s) => s.k);
}

const keyText = (t: PushTable, r: Row) =>
  t.key.map((k) => (k === 'time' ? new Date(String(r[k])).getTime() : String(r[k]))).join('|');

/**
 * Stores one push of an agent, table by table in dependency order, in one transaction. Rows whose
 * parent arrives in the same push (an item under an item) are retried until nothing moves; what
 * still misses a parent is answered as failed, so the agent sends the parent and tries again.
 * Specs that run code are refused unless the agent may send them (codeGate.ts); the rest is stored.
 */
export async function receivePush(
  db: Kysely<Database>,
  agent: PushingAgent,
  data: PushData,
  mode: ExecMode,
): Promise<PushAnswer> {
  const agentId = agent.id;
  const answer: PushAnswer = { accepted: {}, failed: {}, refused: {} };
  const errors: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const name of PUSH_TABLE_NAMES) {
      const t = PUSH_TABLES[name];
      if (!data[name]?.length) continue;
      const screened = await screenAgentCode(trx, name, data[name] ?? [], agent, mode);
      let pending = screened.kept;
      let accepted = 0;
      const refused: Row[] = screened.refused.map((r) => r.row);
      errors.push(...screened.refused.map((r) => refusalText(name, r)));
      while (pending.length) {
        const { ready, waiting, refused: no } = await classify(trx, t, pending, agentId);
        refused.push(...no);
        if (!ready.length) break;
        const stored = new Set((await upsert(trx, t, ready, agentId)).map((k) => keyText(t, k)));
        accepted += stored.size;
        for (const r of ready) if (!stored.has(keyText(t, r))) refused.push(r);
        pending = waiting;
      }
      answer.accepted[name] = accepted;
      if (pending.length) answer.failed[name] = pending.map((r) => keyOf(t, r));
      if (refused.length) answer.refused[name] = refused.map((r) => keyOf(t, r));
    }
    await sql`update agents set last_received = now(), last_seen = now() where id = ${agentId}::uuid`.execute(trx);
  });
  return errors.length ? { ...answer, errors } : answer;
}

/**
 * Deletions pushed by an agent (`DELETE /upstream/push`): children first; tables with `deleted_at`
 * are soft-deleted, results and job rows removed. Only the agent's own rows are touched.
 */
export async function receiveDeletes(
  db: Kysely<Database>,
  agentId: string,
  data: Partial<Record<string, Row[]>>,
): Promise<Partial<Record<PushTableName, number>>> {
  const done: Partial<Record<PushTableName, number>> = {};
  await db.transaction().execute(async (trx) => {
    for (const name of [...PUSH_TABLE_NAMES].reverse()) {
      const keys = data[name];
      if (!keys?.length || !isPushTable(name)) continue;
      const t = PUSH_TABLES[name];
      const soft = (await columnsOf(trx, name)).includes('deleted_at');
      const match = sql`exists (select 1 from jsonb_populate_recordset(null::${sql.table(name)}, ${JSON.stringify(
        keys,
      )}::jsonb) k where ${keyMatch(t, name, 'k')})`;
      const mine =
        t.owner === 'agent_id'
          ? sql`${sql.ref(`${name}.agent_id`)} = ${agentId}::uuid`
          : sql`exists (select 1 from ${sql.table(t.owner.parent)} p where p.id = ${sql.ref(`${name}.${t.owner.column}`)} and p.agent_id = ${agentId}::uuid)`;
      const res = soft
        ? await sql`update ${sql.table(name)} set deleted_at = now() where ${match} and ${mine} and deleted_at is null`.execute(
            trx,
          )
        : await sql`delete from ${sql.table(name)} where ${match} and ${mine}`.execute(trx);
      done[name] = Number(res.numAffectedRows ?? 0);
    }
    await sql`update agents set last_received = now(), last_seen = now() where id = ${agentId}::uuid`.execute(trx);
  });
  return done;
}
