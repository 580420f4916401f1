import { type HttpScraper, httpScraperSchema, parseDuration } from '@opsdeck/schema';
import { parse as parseYaml } from 'yaml';
import { sleep } from '../../abort.js';
import { evaluateCel, renderTemplate } from '../../expr/index.js';
import { assertConnectionHost, hasCredentials } from '../../integrations/connection.js';
import { createAgent, type HttpResponse, send } from '../../integrations/http/client.js';
import type { ScrapeContext, ScraperType } from './types.js';

/**
 * One request (and its following pages) to `url` or a stored connection; the response body is
 * one config: JSON, else YAML, else text (`items` splits it). `env` values fill `{{.env.NAME}}`
 * in the URL, body and header values. A status of 400 or more is an error of the scrape.
 * Pagination: `nextPageExpr` (CEL over `response` {status, headers, body, url}, `page`,
 * `perPage`) answers the next URL (relative to the current one) or an empty value to stop;
 * `reduceExpr` (CEL over `pages`) combines the bodies, by default arrays are concatenated.
 * A stored connection with credentials is pinned to its host: a `url` or a next page elsewhere
 * fails the scrape before anything is sent.
 */

const DEFAULT_MAX_PAGES = 100;

/** A response body as a value: JSON, else a YAML document, else the text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      const v = parseYaml(text, { maxAliasCount: 100 }) as unknown;
      return v === null || v === undefined ? text : v;
    } catch {
      return text;
    }
  }
}

const templated = (text: string, env: Record<string, string>) =>
  text.includes('{{') ? renderTemplate(text, { env }) : text;

async function requestOf(spec: HttpScraper, ctx: ScrapeContext) {
  const env: Record<string, string> = {};
  for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
  const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
  const raw = spec.url ?? stored?.url;
  if (!raw) throw new Error(`connection ${spec.connection} has no url`);
  const headers: Record<string, string> = {};
  for (const h of spec.headers ?? [])
    headers[(h.name as string).toLowerCase()] = templated((await ctx.resolveEnv(h)) ?? '', env);
  const username = (await ctx.resolveEnv(spec.username)) || stored?.username;
  const password = (await ctx.resolveEnv(spec.password)) || stored?.password;
  if ((username || password) && !headers.authorization) {
    headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  }
  const body = spec.body === undefined ? undefined : templated(spec.body, env);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const url = templated(raw, env);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new Error(`url ${url}: expected an http or https URL`);
  // a stored connection's credentials go only to its own host: the URL and every page after it
  const pinned = stored && hasCredentials(stored) ? stored : undefined;
  const pin = (target: string) => {
    if (pinned) assertConnectionHost(pinned, target, spec.connection);
  };
  pin(url);
  return {
    url,
    pin,
    method: spec.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    insecure: spec.insecureSkipVerify || stored?.insecureTls,
  };
}

function checkStatus(res: HttpResponse): void {
  if (res.status >= 400) {
    const excerpt = res.body.trim().slice(0, 200);
    throw new Error(`${res.url} answered ${res.status}${excerpt ? `: ${excerpt}` : ''}`);
  }
}

export const httpScraper: ScraperType<HttpScraper> = {
  type: 'http',
  schema: httpScraperSchema,
  async scrape(spec, ctx) {
    const req = await requestOf(spec, ctx);
    const { agent } = createAgent({ insecureSkipVerify: req.insecure }, ctx.timeoutMs);
    try {
      const get = async (url: string) => {
        req.pin(url);
        const res = await send(agent, url, { ...req, maxRedirects: 5, signal: ctx.signal });
        checkStatus(res);
        return res;
      };
      let res = await get(req.url);
      const pagination = spec.pagination;
      if (!pagination) return { documents: [{ config: parseBody(res.body), source: res.url }], errors: [] };
      const pages: unknown[] = [parseBody(res.body)];
      const maxPages = pagination.maxPages ?? DEFAULT_MAX_PAGES;
      const delay = pagination.delay ? (parseDuration(pagination.delay) ?? 0) : 0;
      for (let page = 1; page < maxPages; page++) {
        const response = { status: res.status, headers: res.headers, body: pages[page - 1], url: res.url };
        const next = evaluateCel(pagination.nextPageExpr, { response, page, perPage: pagination.perPage ?? 0 });
        if (next === null || next === undefined || next === '' || next === false) break;
        if (typeof next !== 'string')
          throw new Error('pagination.nextPageExpr must answer a URL (string) or an empty value');
        if (delay) {
          await sleep(delay, ctx.signal);
          ctx.signal.throwIfAborted(); // a stopped scrape ends here, not after one more page
        }
        res = await get(new URL(next, res.url).toString());
        pages.push(parseBody(res.body));
      }
      const config = pagination.reduceExpr
        ? evaluateCel(pagination.reduceExpr, { pages })
        : pages.every(Array.isArray)
          ? (pages as unknown[][]).flat()
          : pages;
      return { documents: [{ config, source: req.url }], errors: [] };
    } finally {
      await agent.close().catch(() => {});
    }
  },
};
