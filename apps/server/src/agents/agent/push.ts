import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { JobOutcome } from '../../jobs/jobHistory.js';
import type { PushAnswer } from '../upstream/receive.js';
import {
  keyMatch,
  keyOf,
  PUSH_TABLE_NAMES,
  PUSH_TABLES,
  type PushTable,
  type PushTableName,
} from '../upstream/tables.js';
import type { UpstreamClient } from './client.js';

type Row = Record<string, unknown>;
interface Entry {
  row_key: Row;
  seq: string;
}

/** Rows per request and table; a push request stays well under the upstream's body limit. */
export const BATCH = 200;
const MAX_BATCHES_PER_TABLE = 50;

async function takeEntries(db: Kysely<Database>, table: string, op: 'upsert' | 'delete', after: string) {
  const { rows } = await sql<Entry>`
    select row_key, seq::text from upstream_outbox
    where table_name = ${table} and op = ${op} and seq > ${after}::bigint
    order by seq limit ${BATCH}`.execute(db);
  return rows;
}

/** The current rows behind outbox keys, as JSON (what the upstream's jsonb_populate_recordset reads). */
async function rowsOf(db: Kysely<Database>, t: PushTable, keys: Row[]): Promise<Row[]> {
  const on = keyMatch(t, 't', 'k');
  const { rows } = await sql<{ j: Row }>`
    select to_jsonb(t) as j from ${sql.table(t.name)} t
    join jsonb_populate_recordset(null::${sql.table(t.name)}, ${JSON.stringify(keys)}::jsonb) k on ${on}`.execute(db);
  return rows.map((r) => r.j);
}

/** Done entries leave the outbox, unless the row changed again since they were read (a newer seq). */
async function settle(db: Kysely<Database>, table: string, entries: Entry[]): Promise<void> {
  if (!entries.length) return;
  await sql`
    delete from upstream_outbox o using jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(row_key jsonb, seq bigint)
    where o.table_name = ${table} and o.row_key = e.row_key and o.seq = e.seq`.execute(db);
}

/** Rows whose parent the upstream lacks: queue the parents again (pushed first next run), count the attempt. */
async function requeueParents(db: Kysely<Database>, t: PushTable, failed: Row[]): Promise<void> {
  const { rows } = await sql<{ j: Row }>`
    select to_jsonb(t) as j from ${sql.table(t.name)} t
    join jsonb_populate_recordset(null::${sql.table(t.name)}, ${JSON.stringify(failed)}::jsonb) k
      on ${keyMatch(t, 't', 'k')}`.execute(db);
  for (const [column, parent] of Object.entries(t.parents)) {
    const ids = [...new Set(rows.flatMap((r) => (typeof r.j[column] === 'string' ? [r.j[column] as string] : [])))];
    if (!ids.length) continue;
    await sql`
      insert into upstream_outbox (table_name, row_key, op, seq)
      select ${parent}, jsonb_build_object('id', id), 'upsert', nextval('upstream_outbox_seq')
      from ${sql.table(parent)} where id = any(${ids}::uuid[])
      on conflict (table_name, row_key) do update set op = 'upsert', seq = excluded.seq`.execute(db);
  }
  await sql`
    update upstream_outbox o set attempts = attempts + 1
    from jsonb_array_elements(${JSON.stringify(failed)}::jsonb) k
    where o.table_name = ${t.name} and o.row_key = k.value`.execute(db);
}

/** Largest request body an agent sends (the upstream's default OPSDECK_BODY_LIMIT is 1 MiB). */
export const MAX_REQUEST_BYTES = 512 * 1024;

/** Pushes rows in requests of at most MAX_REQUEST_BYTES; a row bigger than that alone is not sent. */
async function pushInChunks(
  client: UpstreamClient,
  name: PushTableName,
  rows: Row[],
): Promise<{ answer: PushAnswer; unsent: Row[] }> {
  const t = PUSH_TABLES[name];
  const answer: PushAnswer = { accepted: {}, failed: {}, refused: {} };
  const unsent: Row[] = [];
  let chunk: Row[] = [];
  let size = 0;
  const send = async () => {
    if (!chunk.length) return;
    const a = await client.push({ [name]: chunk });
    answer.accepted[name] = (answer.accepted[name] ?? 0) + (a.accepted[name] ?? 0);
    answer.failed[name] = [...(answer.failed[name] ?? []), ...(a.failed[name] ?? [])];
    answer.refused[name] = [...(answer.refused[name] ?? []), ...(a.refused[name] ?? [])];
    if (a.errors?.length) answer.errors = [...(answer.errors ?? []), ...a.errors];
    chunk = [];
    size = 0;
  };
  for (const row of rows) {
    const bytes = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (bytes > MAX_REQUEST_BYTES - 64) {
      unsent.push(keyOf(t, row));
      continue;
    }
    if (size + bytes > MAX_REQUEST_BYTES - 64) await send();
    chunk.push(row);
    size += bytes;
  }
  await send();
  return { answer, unsent };
}

export interface PushSummary {
  pushed: Partial<Record<PushTableName, number>>;
  deleted: Partial<Record<PushTableName, number>>;
  waiting: Partial<Record<PushTableName, number>>;
  refused: Partial<Record<PushTableName, number>>;
}

/**
 * One push run: queued upserts table by table in dependency order and in batches, then queued
 * deletions children first. An entry leaves the outbox only once the upstream answered for it;
 * a row answered as failed (parent missing upstream) stays, and its parents are queued again.
 * A transport failure ends the run with everything not yet answered still queued.
 */
export async function pushOnce(db: Kysely<Database>, client: UpstreamClient): Promise<JobOutcome & PushSummary> {
  const summary: PushSummary = { pushed: {}, deleted: {}, waiting: {}, refused: {} };
  const errors: string[] = [];
  let success = 0;
  for (const name of PUSH_TABLE_NAMES) {
    const t = PUSH_TABLES[name];
    let after = '0';
    for (let i = 0; i < MAX_BATCHES_PER_TABLE; i++) {
      const entries = await takeEntries(db, name, 'upsert', after);
      if (!entries.length) break;
      after = entries[entries.length - 1]?.seq ?? after;
      const rows = await rowsOf(
        db,
        t,
        entries.map((e) => e.row_key),
      );
      const { answer, unsent } = await pushInChunks(client, name, rows);
      const failed = answer.failed[name] ?? [];
      const held = new Set([...failed, ...unsent].map((k) => JSON.stringify(k, t.key)));
      const refused = answer.refused[name] ?? [];
      // a row that vanished locally since it was queued has nothing to push: its entry goes too
      await settle(
        db,
        name,
        entries.filter((e) => !held.has(JSON.stringify(e.row_key, t.key))),
      );
      if (unsent.length) {
        errors.push(`${name}: ${unsent.length} row(s) larger than ${MAX_REQUEST_BYTES} bytes cannot be pushed`);
      }
      if (failed.length) await requeueParents(db, t, failed);
      summary.pushed[name] = (summary.pushed[name] ?? 0) + (answer.accepted[name] ?? 0);
      success += answer.accepted[name] ?? 0;
      if (failed.length) summary.waiting[name] = (summary.waiting[name] ?? 0) + failed.length;
      if (refused.length) {
        summary.refused[name] = (summary.refused[name] ?? 0) + refused.length;
        // rows refused for running code come with their reasons; the rest belong to someone else upstream
        const reasons = answer.errors ?? [];
        errors.push(...reasons);
        if (refused.length > reasons.length) {
          errors.push(
            `${name}: upstream refused ${refused.length - reasons.length} row(s) that belong to someone else there`,
          );
        }
      }
    }
  }
  for (const name of [...PUSH_TABLE_NAMES].reverse()) {
    let after = '0';
    for (let i = 0; i < MAX_BATCHES_PER_TABLE; i++) {
      const entries = await takeEntries(db, name, 'delete', after);
      if (!entries.length) break;
      after = entries[entries.length - 1]?.seq ?? after;
      const done = await client.delete({ [name]: entries.map((e) => e.row_key) });
      await settle(db, name, entries);
      summary.deleted[name] = (summary.deleted[name] ?? 0) + entries.length;
      success += done.deleted[name] ?? 0;
    }
  }
  for (const [name, n] of Object.entries(summary.waiting)) {
    errors.push(`${name}: ${n} row(s) wait for their parent upstream; it is sent again first`);
  }
  await sql`update upstream_state set last_pushed = now(), last_error = null`.execute(db);
  return { success, errors, details: { ...summary }, ...summary };
}
