import type { FastifyReply } from 'fastify';
import { pgrstError } from './errors.js';
import type { Accepted } from './parse/headers.js';

/**
 * PostgREST's Content-Range for a page: `0-49/1234` with a count, `0-49/*` without, `*\/0` when
 * empty. The UI reads the total after the slash.
 */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const upper = offset + pageTotal - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** 200, or 206 when a counted page holds less than the total; 416 PGRST103 past the end. */
export function pageStatus(offset: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw pgrstError(
      'range_not_satisfiable',
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  return pageTotal < total ? 206 : 200;
}

/** PGRST116: an object was asked for (Accept: application/vnd.pgrst.object+json) but not one row came. */
export function singularError(rows: number) {
  return pgrstError(
    'not_acceptable',
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );
}

/** Sends a JSON array text built by the database, or its only element for a singular Accept. */
export function sendRows(reply: FastifyReply, body: string, rows: number, accept: Accepted): FastifyReply {
  if (accept.single) {
    if (rows !== 1) throw singularError(rows);
    const [only] = JSON.parse(body) as unknown[];
    return reply.type('application/vnd.pgrst.object+json; charset=utf-8').send(JSON.stringify(only));
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
