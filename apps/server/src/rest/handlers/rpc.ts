import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../errors.js';
import { embedAuthorizer, requireRestAccess, searchParams } from '../access.js';
import { restDbError } from '../dbErrors.js';
import { invalidBody, pgrstError } from '../errors.js';
import { parseAccept, parsePrefer, parseRange } from '../parse/headers.js';
import { parseQuery } from '../parse/query.js';
import { contentRange, pageStatus, sendRows } from '../respond.js';
import { type Schema, type SqlFunction, schemaOf } from '../schemaCache.js';
import { QueryBuilder } from '../sql/level.js';
import { readStatement } from '../sql/read.js';
import { exposedFunction, functionIsReadOnly, readableColumns } from '../whitelist.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function notFound(name: string, args: string[]) {
  return pgrstError(
    'not_found',
    'PGRST202',
    `Could not find the function public.${name}(${args.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with parameter${args.length === 1 ? '' : 's'} ${args.join(', ') || '(none)'}, but no matches were found among the functions exposed under /api/db/rpc.`,
  );
}

/** 405 for GET on a function that changes data: it runs only from POST, which a link cannot send. */
function changesData(name: string) {
  return new DomainError('method_not_allowed', `function ${name} changes data; call it with POST`, {
    headers: { Allow: 'POST' },
    body: { code: '25006', details: null, hint: null },
  });
}

/** The overload whose parameters are exactly covered by `given` (required ones present, no extra). */
function pickOverload(schema: Schema, name: string, given: string[]): SqlFunction {
  const candidates = (schema.functions.get(name) ?? []).filter(
    (fn) =>
      given.every((g) => fn.args.some((a) => a.name === g)) &&
      fn.args.every((a) => a.hasDefault || given.includes(a.name)),
  );
  if (candidates.length !== 1 || !exposedFunction(name)) throw notFound(name, given);
  return candidates[0] as SqlFunction;
}

// a JSON argument: objects and arrays go as JSON text to json/jsonb parameters, arrays as
// PostgreSQL arrays otherwise; scalars as text, typed by the parameter
function argValue(fn: SqlFunction, name: string, value: unknown): unknown {
  const arg = fn.args.find((a) => a.name === name);
  if (value === null || value === undefined) return null;
  if (arg && /^jsonb?$/.test(arg.type)) return JSON.stringify(value);
  if (Array.isArray(value) || typeof value !== 'object') return Array.isArray(value) ? value : String(value);
  return JSON.stringify(value);
}

/** GET/HEAD/POST /api/db/rpc/<fn>: calls a whitelisted function; set results take filters like a table. */
export async function callFunction(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { fn: name } = request.params as { fn: string };
  const entry = exposedFunction(name);
  const schema = await schemaOf(ctx.db);
  const overloads = schema.functions.get(name) ?? [];
  if (!entry || !overloads.length) throw notFound(name, []);
  requireRestAccess(request, entry.resource, entry.action ?? 'read');
  const viaGet = request.method !== 'POST';
  if (viaGet && !functionIsReadOnly(entry)) throw changesData(name);

  const argNames = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
  const query = parseQuery(searchParams(request), (key) => request.method !== 'POST' && argNames.has(key));
  let args: Record<string, unknown>;
  if (request.method === 'POST') {
    if (request.body !== undefined && !isObject(request.body)) {
      throw invalidBody('an rpc body is a JSON object of the function arguments');
    }
    args = request.body ?? {};
  } else {
    args = Object.fromEntries(query.args);
  }
  const fn = pickOverload(schema, name, Object.keys(args));
  const call = sql`${sql.id('public', name)}(${
    Object.keys(args).length
      ? sql.join(Object.entries(args).map(([k, v]) => sql`${sql.id(k)} => ${argValue(fn, k, v)}`))
      : sql``
  })`;
  const accept = parseAccept(request);
  // GET runs in a read-only transaction: a function wrongly marked read-only still cannot write
  const execute = <R>(statement: RawBuilder<R>) =>
    viaGet
      ? ctx.db.kysely.transaction().execute(async (trx) => {
          await sql`set transaction read only`.execute(trx);
          return statement.execute(trx);
        })
      : statement.execute(ctx.db.kysely);
  const run = async <R>(statement: RawBuilder<R>) =>
    (
      await execute(statement).catch((err) => {
        if ((err as { code?: unknown }).code === '25006') throw changesData(name);
        throw restDbError(err);
      })
    ).rows[0];

  if (fn.returns === 'void') {
    await run(sql`select ${call}`);
    return reply.code(204).send();
  }
  if (fn.returns !== 'composite') {
    // scalars answer the bare JSON value; a set of scalars answers an array
    const statement = fn.returnsSet
      ? sql<{ body: string }>`select coalesce(json_agg(_v), '[]'::json)::text as body from ${call} as _v`
      : sql<{ body: string | null }>`select to_json(${call})::text as body`;
    const row = await run(statement);
    return reply.type('application/json; charset=utf-8').send(row?.body ?? 'null');
  }
  const prefer = parsePrefer(request);
  const range = parseRange(request);
  const offset = query.root.offset ?? range?.offset ?? 0;
  const qb = new QueryBuilder(schema, query, embedAuthorizer(request));
  const alias = qb.alias();
  const relation = schema.relations.get(fn.returnType);
  // rows of a table or view read masked like the relation itself; OUT columns use the function's own declaration
  const scope = {
    name,
    columns: relation ? readableColumns(relation) : fn.columns,
    alias,
    secretsOf: relation ? fn.returnType : name,
  };
  const source = { scope, relation, from: sql`${call} as ${sql.id(alias)}` };
  const row = (await run(
    readStatement(qb, source, query, {
      count: prefer.count !== undefined,
      stripNulls: accept.stripNulls,
      limit: query.root.limit ?? range?.limit,
      offset,
    }),
  )) ?? { body: '[]', page_total: 0, total: null };
  if (!fn.returnsSet) {
    // a single composite answers an object, as PostgREST does
    const [only] = JSON.parse(row.body) as unknown[];
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(only ?? null));
  }
  reply.header('content-range', contentRange(offset, row.page_total, row.total));
  return sendRows(
    reply.code(accept.single ? 200 : pageStatus(offset, row.page_total, row.total)),
    row.body,
    row.page_total,
    accept,
  );
}
