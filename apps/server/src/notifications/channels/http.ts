import { request as undiciRequest } from 'undici';
import { ChannelError, type SendContext } from './types.js';

/** Reads a service's own words out of an error body (most answer JSON with one of these fields). */
export function describeErrorBody(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    const j = JSON.parse(trimmed) as Record<string, unknown>;
    const pick = (v: unknown): string | undefined => {
      if (typeof v === 'string') return v;
      if (Array.isArray(v)) return v.map((x) => pick(x) ?? JSON.stringify(x)).join('; ');
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        return pick(o.message) ?? pick(o.error) ?? pick(o.msg) ?? pick(o.description);
      }
      return undefined;
    };
    return (
      pick(j.description) ??
      pick(j.message) ??
      pick(j.error) ??
      pick(j.msg) ??
      pick(j.errors) ??
      trimmed.slice(0, 300)
    ).slice(0, 300);
  } catch {
    return trimmed.slice(0, 300);
  }
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sets content-type), a form (url-encoded) or raw text. */
  json?: unknown;
  form?: Record<string, string>;
  text?: string;
}

/**
 * Sends one HTTP request for `service` and returns the parsed JSON (or text) of a 2xx answer.
 * A non-2xx answer, a timeout or a network failure becomes a ChannelError naming the service,
 * the status and the service's own error text.
 */
export async function request(service: string, url: string, opts: RequestOptions, ctx: SendContext): Promise<unknown> {
  const headers: Record<string, string> = { 'user-agent': 'OpsDeck', ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    body = opts.text;
  }
  // undici's request rather than fetch: the same client at a fraction of fetch's cost per call,
  // which matters at notification volume; redirects are not followed (a 3xx is an answer)
  let status: number;
  let text: string;
  try {
    const res = await undiciRequest(url, {
      method: (opts.method ?? 'POST') as 'POST',
      headers,
      body,
      signal: ctx.signal,
    });
    status = res.statusCode;
    text = await res.body.text().catch(() => '');
  } catch (err) {
    if (ctx.signal.aborted) throw new ChannelError(`${service}: no answer within ${ctx.timeoutMs} ms`);
    const e = err as { code?: string; cause?: { code?: string; message?: string } };
    throw new ChannelError(`${service}: ${e.cause?.code ?? e.code ?? e.cause?.message ?? (err as Error).message}`);
  }
  if (status < 200 || status >= 300) {
    const detail = describeErrorBody(text);
    throw new ChannelError(`${service} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, status);
  }
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** Splits "a, b,c" into ["a", "b", "c"]. */
export function list(v: string | undefined | null): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Joins a base URL and a path without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The message as plain text: the title, a blank line, the body. */
export function plainText(title: string, body: string): string {
  return body.trim() ? `${title}\n\n${body}` : title;
}
