import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { embedAuthorizer, searchParams, tableAccess } from '../access.js';
import { restDbError } from '../dbErrors.js';
import { unknownRelation } from '../errors.js';
import { parseAccept, parsePrefer, parseRange } from '../parse/headers.js';
import { parseQuery } from '../parse/query.js';
import { contentRange, pageStatus, sendRows } from '../respond.js';
import { schemaOf } from '../schemaCache.js';
import { QueryBuilder } from '../sql/level.js';
import { readStatement } from '../sql/read.js';
import { exposedTable, readableColumns } from '../whitelist.js';

/** GET/HEAD /api/db/<table>: rows of a whitelisted table or view, PostgREST-style. */
export async function readTable(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { table } = request.params as { table: string };
  const entry = exposedTable(table);
  const schema = await schemaOf(ctx.db);
  const relation = schema.relations.get(table);
  if (!entry || !relation) throw unknownRelation(table);
  const { narrow, source: narrowed } = tableAccess(request, table, entry, 'read');

  const query = parseQuery(searchParams(request));
  const accept = parseAccept(request);
  const prefer = parsePrefer(request);
  const range = parseRange(request);
  const offset = query.root.offset ?? range?.offset ?? 0;
  const limit = query.root.limit ?? range?.limit;

  const qb = new QueryBuilder(schema, query, embedAuthorizer(request));
  const alias = qb.alias();
  const source = {
    scope: { name: table, columns: readableColumns(relation), alias, secretsOf: table },
    relation,
    // rows of objects outside what object selectors reach are cut before any filter or count
    from: narrowed
      ? sql`(${narrowed}) as ${sql.id(alias)}`
      : narrow
        ? sql`(select * from ${sql.id('public', table)} as ${sql.id(alias)} where ${narrow(alias)}) as ${sql.id(alias)}`
        : sql`${sql.id('public', table)} as ${sql.id(alias)}`,
  };
  const statement = readStatement(qb, source, query, {
    count: prefer.count !== undefined,
    stripNulls: accept.stripNulls,
    limit,
    offset,
  });
  const result = await statement.execute(ctx.db.kysely).catch((err) => {
    throw restDbError(err);
  });
  const row = result.rows[0] ?? { body: '[]', page_total: 0, total: null };
  const status = pageStatus(offset, row.page_total, row.total);
  reply.header('content-range', contentRange(offset, row.page_total, row.total));
  return sendRows(reply.code(accept.single ? 200 : status), row.body, row.page_total, accept);
}
