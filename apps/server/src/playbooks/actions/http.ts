import { httpActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { assertConnectionHost } from '../../integrations/connection.js';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof httpActionSchema>;

/** Body kept in the result; longer bodies are cut (the run page shows it as a tab). */
const MAX_BODY = 256 * 1024;

/**
 * Sends one HTTP request: `url` or a connection's URL (and its credentials as basic auth, only
 * to the connection's own host), the method (GET, or POST when there is a body), headers and body. The result is
 * `{code, headers, body}`; a 4xx or 5xx answer fails the action.
 */
export const httpAction: ActionType<Spec> = {
  type: 'http',
  schema: httpActionSchema,
  async run(spec, ctx) {
    let url = spec.url;
    let username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
    let password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
    if (spec.connection) {
      const conn = await ctx.resolveConnection(spec.connection);
      const lends = (username === undefined && !!conn.username) || (password === undefined && !!conn.password);
      // the connection's credentials go only to its own host; nothing is sent otherwise
      if (url && lends) {
        try {
          assertConnectionHost(conn, url, spec.connection);
        } catch (err) {
          return failed(err);
        }
      }
      url ||= conn.url;
      username ??= conn.username;
      password ??= conn.password;
    }
    if (!url) return failed(new Error('http: the connection has no url'));
    const headers = new Headers();
    for (const h of spec.headers ?? []) headers.set(h.name as string, (await ctx.resolveEnv(h)) ?? '');
    if (username !== undefined && !headers.has('authorization')) {
      headers.set('authorization', `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`);
    }
    const method = (spec.method ?? (spec.body ? 'POST' : 'GET')).toUpperCase();
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: spec.body ?? null, signal: ctx.signal, redirect: 'follow' });
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      return failed(new Error(`http ${method} ${url}: ${cause ?? (err as Error).message}`));
    }
    const text = await res.text();
    const body = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}\n[body truncated at ${MAX_BODY} bytes]` : text;
    const result = { response: { code: res.status, headers: Object.fromEntries(res.headers) }, body };
    if (res.status >= 400)
      return { ok: false, result, error: `http ${method} ${url}: ${res.status} ${res.statusText}` };
    return { ok: true, result };
  },
};
