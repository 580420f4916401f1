import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * PostgreSQL cannot hold U+0000 in text or jsonb, so a NUL that reached a query would fail there
 * as a server error. Every string a client sends (body, query string, path) is refused up front.
 */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** Where in `value` (a parsed body or query) a string or key holds a NUL, or undefined. */
export function findNul(value: unknown, where: string): string | undefined {
  const stack: Array<[unknown, string]> = [[value, where]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (hasNul(v)) return path;
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push([item, `${path}[${i}]`]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (hasNul(k)) return path;
        stack.push([item, `${path}.${k}`]);
      }
    }
  }
  return undefined;
}

/** The 400 a NUL gets, naming where it was (e.g. `body.identifier`). */
export function nulRefused(where: string) {
  const name = where.replaceAll('\u0000', '\\u0000').slice(0, 200);
  return badRequest(`${name} contains a NUL character (\\u0000), which is not allowed in text`);
}

/** Refuses with 400 any request whose path, query string or body holds a NUL. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    // as /api/db reads it (URLSearchParams) and as Fastify parsed it: the two decoders may differ
    const pairs = q === -1 ? [] : [...new URLSearchParams(url.slice(q + 1))];
    const pair = pairs.find(([k, v]) => hasNul(k) || hasNul(v));
    const where =
      findNul(request.params, 'path') ??
      (pair ? `query.${pair[0]}` : undefined) ??
      findNul(request.query, 'query') ??
      findNul(request.body, 'body');
    if (where) throw nulRefused(where);
  });
}
