import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import { httpActionSchema } from '@opsdeck/schema';
import { type Dispatcher, interceptors, request } from 'undici';
import type { z } from 'zod';
import { assertConnectionHost } from '../../integrations/connection.js';
import { sharedDispatcher } from '../../integrations/http/client.js';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof httpActionSchema>;

/** Body kept in the result; longer bodies are cut (the run page shows it as a tab). */
const MAX_BODY = 256 * 1024;

/** Redirects followed, as fetch follows them. */
const MAX_REDIRECTS = 20;

/**
 * undici's request on the shared keep-alive agent rather than fetch (whose Request, Response and
 * Headers objects cost more than the rest of the action), following redirects as fetch did.
 */
let client: Dispatcher | undefined;
const dispatcher = () => {
  client ??= sharedDispatcher().compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS }));
  return client;
};

const DECODERS: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  br: promisify(brotliDecompress),
  // zlib-wrapped as the standard says, or raw as some servers send it (fetch takes both)
  deflate: (b) => promisify(inflate)(b).catch(() => promisify(inflateRaw)(b)),
};

/** The body as text, decoded as fetch decoded it when the answer names a Content-Encoding it knows. */
async function bodyText(res: Dispatcher.ResponseData, method: string): Promise<string> {
  const coding = res.headers['content-encoding'];
  const codings =
    typeof coding === 'string'
      ? coding
          .toLowerCase()
          .split(',')
          .map((c) => c.trim())
      : [];
  const decoders = codings.map((c) => DECODERS[c]);
  if (!codings.length || method === 'HEAD' || [204, 304].includes(res.statusCode) || decoders.some((d) => !d))
    return res.body.text();
  let bytes: Buffer = Buffer.from(await res.body.arrayBuffer());
  for (const decode of decoders.reverse()) bytes = await (decode as (b: Buffer) => Promise<Buffer>)(bytes);
  return new TextDecoder().decode(bytes);
}

/** The Accept and User-Agent fetch sent; compressed answers only when the action's headers ask for them. */
const DEFAULT_HEADERS = { accept: '*/*', 'user-agent': 'node' };

/** Response headers as fetch's Headers gave them: one string per name, Set-Cookie its last value. */
function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in headers) {
    const v = headers[k];
    if (v === undefined) continue;
    out[k] = !Array.isArray(v) ? v : k === 'set-cookie' ? (v.at(-1) ?? '') : v.join(', ');
  }
  return out;
}

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
    const headers: Record<string, string> = { ...DEFAULT_HEADERS };
    for (const h of spec.headers ?? []) headers[String(h.name).toLowerCase()] = (await ctx.resolveEnv(h)) ?? '';
    if (username !== undefined && headers.authorization === undefined) {
      headers.authorization = `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`;
    }
    // a string body without a Content-Type goes out as text/plain, as fetch sent it
    if (spec.body && headers['content-type'] === undefined) headers['content-type'] = 'text/plain;charset=UTF-8';
    const method = (spec.method ?? (spec.body ? 'POST' : 'GET')).toUpperCase();
    // refused before sending, as fetch refused it
    if (spec.body && (method === 'GET' || method === 'HEAD'))
      return failed(new Error(`http ${method} ${url}: Request with GET/HEAD method cannot have body.`));
    let code: number;
    let statusText: string;
    let text: string;
    let answered: Record<string, string>;
    try {
      const res = await request(url, {
        dispatcher: dispatcher(),
        method: method as Dispatcher.HttpMethod,
        headers,
        body: spec.body ?? null,
        signal: ctx.signal,
      });
      code = res.statusCode;
      statusText = (res as { statusText?: string }).statusText ?? '';
      answered = flatHeaders(res.headers);
      text = await bodyText(res, method);
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      return failed(new Error(`http ${method} ${url}: ${cause ?? (err as Error).message}`));
    }
    const body = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}\n[body truncated at ${MAX_BODY} bytes]` : text;
    const result = { response: { code, headers: answered }, body };
    if (code >= 400) return { ok: false, result, error: `http ${method} ${url}: ${code} ${statusText}` };
    return { ok: true, result };
  },
};
