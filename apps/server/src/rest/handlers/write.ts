import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { DomainError } from '../../errors.js';
import { actionForMethod, type Subject } from '../../rbac/resources.js';
import { embedAuthorizer, searchParams, tableAccess } from '../access.js';
import { requireAuthorship } from '../authorship.js';
import { checkClientColumns, SERVER_ASSIGNED } from '../clientColumns.js';
import { restDbError } from '../dbErrors.js';
import { invalidBody, pgrstError, unknownBodyColumn, unknownRelation } from '../errors.js';
import { parseAccept, parsePrefer } from '../parse/headers.js';
import { parseQuery } from '../parse/query.js';
import { singularError } from '../respond.js';
import { type Relation, schemaOf } from '../schemaCache.js';
import { conjunction, filterExpr } from '../sql/expr.js';
import { QueryBuilder } from '../sql/level.js';
import { readStatement } from '../sql/read.js';
import { deleteStatement, insertStatement, priorRowsStatement, updateStatement, writtenSource } from '../sql/write.js';
import { createdBySubject, type ExposedTable, exposedTable, type Row, readableColumns } from '../whitelist.js';
import { type WriteInput, writeRows } from './writeRows.js';

type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkColumns(relation: Relation, columns: Iterable<string>): void {
  for (const c of columns) if (!relation.columns.has(c)) throw unknownBodyColumn(relation.name, c);
}

// POST rows: one object or an array of objects; `defaults` fill what the subject implies
async function postRows(
  ctx: AppContext,
  body: unknown,
  entry: ExposedTable,
  relation: Relation,
  subject: Subject,
): Promise<Row[]> {
  const list = Array.isArray(body) ? body : [body];
  if (body === undefined || !list.every(isObject)) {
    throw invalidBody('a POST body is a JSON object or an array of JSON objects');
  }
  // Mission Control's UI names the caller as created_by: that is what the server records anyway
  const own = list.some((row) => 'created_by' in row) ? await ownAuthor(ctx, relation, subject) : undefined;
  const rows = list.map((row) => (own && row.created_by === own ? withoutAuthor(row) : row));
  checkClientColumns(entry, relation, rows);
  const defaults = Object.entries(entry.defaults ?? {}).filter(([column]) => relation.columns.has(column));
  const values = new Map<string, unknown>();
  for (const [column, value] of defaults) {
    if (rows.some((row) => !(column in row))) values.set(column, await value(subject, ctx));
  }
  return rows.map((row, i) => {
    const out = { ...row };
    if (own && (list[i] as Row).created_by === own) out.created_by = own;
    for (const [column, v] of values) if (!(column in out) && v !== undefined) out[column] = v;
    return out;
  });
}

/** The caller's person id when `relation` records authors and the caller is a person row. */
async function ownAuthor(ctx: AppContext, relation: Relation, subject: Subject): Promise<string | undefined> {
  return relation.columns.has('created_by') ? createdBySubject(subject, ctx) : undefined;
}

function withoutAuthor(row: Row): Row {
  const { created_by: _self, ...rest } = row;
  return rest;
}

/** POST/PATCH/DELETE /api/db/<table>: writes through the whitelist, its hooks and one transaction. */
export async function writeTable(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const method = request.method as WriteMethod;
  const { table } = request.params as { table: string };
  const entry = exposedTable(table);
  const schema = await schemaOf(ctx.db);
  const relation = schema.relations.get(table);
  if (!entry || !relation) throw unknownRelation(table);
  // writable tables name their objects by a column (aggregates are views, refused below)
  const { subject, narrow } = tableAccess(request, table, entry, actionForMethod(method));
  if (!entry.writable || relation.kind !== 'table') {
    throw pgrstError(
      'method_not_allowed',
      '42501',
      `'${table}' is read-only through /api/db`,
      null,
      'Only GET and HEAD are allowed here',
    );
  }
  const query = parseQuery(searchParams(request));
  const accept = parseAccept(request);
  const prefer = parsePrefer(request);
  if (method !== 'POST' && !query.root.filters.length) {
    throw pgrstError(
      'invalid',
      '21000',
      `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
      null,
      `Add a filter, e.g. ${table}?id=eq.<id>, to choose the rows to ${method === 'PATCH' ? 'update' : 'delete'}`,
    );
  }

  const input: WriteInput = { method, subject };
  if (method === 'POST') input.rows = await postRows(ctx, request.body, entry, relation, subject);
  if (method === 'PATCH') {
    if (!isObject(request.body)) throw invalidBody('a PATCH body is a JSON object of the columns to change');
    input.patch = request.body;
    checkClientColumns(entry, relation, [input.patch]);
  }
  const hooked = await entry.beforeWrite?.(ctx, { ...input });
  if (hooked?.rows) input.rows = hooked.rows;
  if (hooked?.patch) input.patch = hooked.patch;
  if (input.patch) checkColumns(relation, Object.keys(input.patch));
  if (input.patch && !Object.keys(input.patch).length) throw invalidBody('a PATCH body needs at least one column');
  if (query.columns) checkColumns(relation, query.columns);
  for (const row of input.rows ?? []) checkColumns(relation, Object.keys(row));
  const onConflict = query.onConflict ?? relation.primaryKey;
  if (query.onConflict) checkColumns(relation, query.onConflict);
  if (prefer.resolution && !onConflict.length) {
    throw pgrstError(
      'invalid',
      'PGRST100',
      `'${table}' has no primary key; name the conflict columns with on_conflict=`,
    );
  }

  const representation = prefer.return === 'representation';
  const result = await ctx.db.kysely
    .transaction()
    .execute(async (trx) => {
      // names the writer for the transaction: triggers default created_by and author history rows with it
      if (subject.kind === 'person') await sql`select set_config('opsdeck.actor_id', ${subject.id}, true)`.execute(trx);
      const qb = new QueryBuilder(schema, query, embedAuthorizer(request));
      const alias = qb.alias();
      const scope = { name: table, columns: readableColumns(relation), alias, secretsOf: table };
      // PATCH and DELETE reach only the rows of objects the subject's selectors reach
      const where = conjunction([
        ...query.root.filters.map((f) => filterExpr(scope, f)),
        ...(narrow ? [narrow(alias)] : []),
      ]);
      const before =
        method === 'PATCH' && entry.readsPriorRows
          ? (JSON.parse((await priorRowsStatement(table, alias, where).execute(trx)).rows[0]?.rows ?? '[]') as Row[])
          : undefined;
      const statements =
        method === 'POST'
          ? writeRows(input.rows ?? [], query.columns, prefer.missingDefault).map(([columns, rows]) =>
              insertStatement(
                relation,
                columns,
                rows,
                prefer.resolution
                  ? { onConflict, ignore: prefer.resolution === 'ignore-duplicates', keep: SERVER_ASSIGNED }
                  : undefined,
              ),
            )
          : [
              method === 'PATCH'
                ? updateStatement(relation, alias, input.patch as Row, where)
                : deleteStatement(table, alias, where),
            ];
      const rows: Row[] = [];
      for (const statement of statements) {
        const { rows: out } = await statement.execute(trx);
        rows.push(...(JSON.parse(out[0]?.rows ?? '[]') as Row[]));
      }
      if (narrow && method !== 'DELETE' && rows.length) await requireNarrowed(trx, table, alias, rows, narrow, subject);
      if (accept.single && rows.length !== 1) throw singularError(rows.length);
      requireAuthorship(entry, input, rows, prefer.resolution === 'merge-duplicates');
      await entry.afterWrite?.(ctx, { method, rows, ...(before ? { before } : {}), subject, trx });
      let body: string | undefined;
      if (representation) {
        const source = { scope, relation, from: writtenSource(table, alias, JSON.stringify(rows)) };
        const read = readStatement(
          qb,
          source,
          { ...query, root: { filters: [], order: [] } },
          { count: false, stripNulls: accept.stripNulls },
        );
        body = (await read.execute(trx)).rows[0]?.body;
      }
      if (prefer.rollback) throw new Rollback({ rows: rows.length, body });
      return { rows: rows.length, body };
    })
    .catch((err) => {
      if (err instanceof Rollback) return err.result;
      throw restDbError(err);
    });

  if (prefer.count) reply.header('content-range', `*/${result.rows}`);
  if (prefer.resolution) reply.header('preference-applied', `resolution=${prefer.resolution}`);
  const status = method === 'POST' ? 201 : representation ? 200 : 204;
  if (!representation || result.body === undefined) return reply.code(status).send();
  if (accept.single) {
    const [only] = JSON.parse(result.body) as unknown[];
    return reply.code(status).type('application/vnd.pgrst.object+json; charset=utf-8').send(JSON.stringify(only));
  }
  return reply.code(status).type('application/json; charset=utf-8').send(result.body);
}

/** Refuses (rolling back) a write leaving a row outside the objects the subject's selectors reach. */
async function requireNarrowed(
  trx: Transaction<Database>,
  table: string,
  alias: string,
  rows: Row[],
  narrow: (alias: string) => RawBuilder<unknown>,
  subject: Subject,
): Promise<void> {
  const { rows: out } = await sql<{ n: number }>`
    select count(*)::int as n from ${writtenSource(table, alias, JSON.stringify(rows))} where not coalesce(${narrow(alias)}, false)
  `.execute(trx);
  if ((out[0]?.n ?? 0) > 0) {
    throw new DomainError(
      'forbidden',
      `this write would leave ${table} rows outside the objects your permissions select`,
      {
        headers: { 'X-Rbac-Subject': subject.id, 'X-Rbac-Object': table },
        body: { code: '42501', details: null, hint: null },
      },
    );
  }
}

/** Ends a `Prefer: tx=rollback` transaction while keeping the answer. */
class Rollback extends Error {
  constructor(readonly result: { rows: number; body: string | undefined }) {
    super('rollback requested');
  }
}
