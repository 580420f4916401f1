import type { ViewQuery } from '@opsdeck/schema';
import { fetch } from 'undici';
import { queryJsonPathAll } from '../../expr/index.js';
import { assertConnectionHost, hasCredentials } from '../../integrations/connection.js';
import { interpolateCredentials, redactUrl } from '../../integrations/endpoint.js';
import { causeText } from '../../integrations/http/json.js';
import type { SourceContext, ViewSource } from './types.js';

/** A larger answer is refused rather than held in memory. */
const MAX_BODY = 16 * 1024 * 1024;

/** Headers as a map, or the CRD's list of `{name, value | valueFrom}` with each value resolved. */
async function headerMap(
  headers: NonNullable<ViewQuery['http']>['headers'],
  ctx: SourceContext,
): Promise<Record<string, string>> {
  if (!headers) return {};
  if (!Array.isArray(headers)) return headers;
  const out: Record<string, string> = {};
  for (const h of headers) out[h.name ?? ''] = (await ctx.resolveEnv(h)) ?? '';
  return out;
}

/**
 * `http`: calls a JSON API and turns the answer (or what `jsonpath` selects in it) into rows: an
 * array's objects are rows, a lone object is one row, a scalar is a row `{value}`.
 */
export const httpSource: ViewSource<'http'> = {
  key: 'http',
  async run(spec, ctx) {
    const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    // a stored connection's credentials go only to its own host
    if (stored && hasCredentials(stored)) assertConnectionHost(stored, spec.url, spec.connection);
    const url = new URL(stored?.url ? interpolateCredentials(spec.url, stored.username, stored.password) : spec.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('http: url must be http or https');
    const headers: Record<string, string> = { accept: 'application/json', ...(await headerMap(spec.headers, ctx)) };
    if (stored?.username || stored?.password)
      headers.authorization ??= `Basic ${Buffer.from(`${stored.username ?? ''}:${stored.password ?? ''}`).toString('base64')}`;
    if (spec.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(url, { method: spec.method ?? 'GET', headers, body: spec.body, signal: ctx.signal }).catch(
      (err: unknown) => {
        throw new Error(`http ${redactUrl(url.toString())}: ${causeText(err)}`);
      },
    );
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_BODY) throw new Error(`http ${redactUrl(url.toString())}: answer larger than ${MAX_BODY} bytes`);
    const text = await res.text();
    if (!res.ok) throw new Error(`http ${redactUrl(url.toString())}: status ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`http ${redactUrl(url.toString())}: the answer is not JSON`);
    }
    const selected = spec.jsonpath ? queryJsonPathAll(spec.jsonpath, body) : [body];
    const items = selected.length === 1 && Array.isArray(selected[0]) ? (selected[0] as unknown[]) : selected;
    return items.map((item) =>
      item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item },
    );
  },
};
