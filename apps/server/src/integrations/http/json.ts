import { Agent, type Dispatcher, fetch } from 'undici';
import { type Endpoint, redactUrl } from '../endpoint.js';
import { digestAuthorization, parseDigestChallenge } from './digest.js';

const insecureAgent = new Agent({ connect: { rejectUnauthorized: false } });

/** An HTTP error answer from an API target, with the status and the server's words. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST';
  /** Appended to the endpoint URL (which may carry a path prefix such as `/prometheus`). */
  path: string;
  query?: [string, string][];
  body?: string;
  signal: AbortSignal;
  /** Extra headers (an `authorization` here wins over the endpoint's basic credentials). */
  headers?: Record<string, string>;
  /** A client with its own TLS settings (CA, client certificate). */
  dispatcher?: Dispatcher;
  /** Answer a Digest challenge with the endpoint's credentials instead of sending basic auth. */
  digest?: boolean;
}

/**
 * Calls a JSON HTTP API (Prometheus, Alertmanager, Elasticsearch) at the endpoint: basic auth from
 * the resolved credentials, TLS verification off only when the stored connection says
 * `insecure_tls`. Returns the parsed body; a non-2xx answer throws HttpStatusError.
 */
export async function requestJson(endpoint: Endpoint & { url: string }, req: JsonRequest): Promise<unknown> {
  const base = new URL(endpoint.url);
  const url = new URL(base.pathname.replace(/\/$/, '') + req.path, base);
  for (const [k, v] of req.query ?? []) url.searchParams.append(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  const user = endpoint.username || decodeURIComponent(base.username);
  const pass = endpoint.password || decodeURIComponent(base.password);
  url.username = '';
  url.password = '';
  if ((user || pass) && !req.digest)
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, req.headers);
  const send = () =>
    fetch(url, {
      method: req.method ?? 'GET',
      headers,
      body: req.body,
      signal: req.signal,
      ...(req.dispatcher
        ? { dispatcher: req.dispatcher }
        : endpoint.connection?.insecureTls
          ? { dispatcher: insecureAgent }
          : {}),
    }).catch((err: unknown) => {
      throw new Error(`${redactUrl(url.toString())}: ${causeText(err)}`);
    });
  let res = await send();
  const challenge =
    req.digest && res.status === 401
      ? parseDigestChallenge(res.headers.get('www-authenticate') ?? undefined)
      : undefined;
  if (challenge) {
    await res.body?.cancel();
    headers.authorization = digestAuthorization(
      challenge,
      { username: user, password: pass },
      req.method ?? 'GET',
      url.pathname + url.search,
    );
    res = await send();
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text for the error message
  }
  if (!res.ok) {
    throw new HttpStatusError(res.status, `${req.method ?? 'GET'} ${url.pathname} returned ${res.status}`, body);
  }
  if (typeof body === 'string') throw new Error(`${url.pathname} did not return JSON`);
  return body;
}

/** The underlying reason of a fetch failure ("connect ECONNREFUSED 127.0.0.1:9090"), not "fetch failed". */
export function causeText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof AggregateError && cause.errors[0] instanceof Error) return cause.errors[0].message;
    if (cause instanceof Error && cause.message) return cause.message;
    return err.message || err.name;
  }
  return String(err);
}
