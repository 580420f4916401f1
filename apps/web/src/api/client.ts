import { ApiError, messageFromBody, NETWORK_MESSAGES } from './errors.js';
import { apiTarget } from './target.js';

/** Query string values: arrays repeat the key, undefined/null are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  params?: QueryParams;
  /** JSON-encoded unless it is FormData, Blob, URLSearchParams or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the request is given up (default 60 s). */
  timeoutMs?: number;
  /** Leave a 401 to the caller instead of sending the browser to sign in (the session check itself). */
  allow401?: boolean;
}

/** A successful answer: the parsed body and the headers (Content-Range for counts). */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** What happens on a 401; replaceable in tests. Sends the browser to the session check with a way back. */
export const authRedirect = {
  go(returnTo: string): void {
    // direct mode: the session is the provider's, so sign in there again
    const direct = apiTarget.direct;
    if (direct) direct.signIn(returnTo);
    else window.location.assign(`/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`);
  },
};

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Builds `path?query` with repeated keys for arrays. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  ) {
    return body;
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * `fetch` of an API path with this app's credentials: the session cookie on this origin or, in
 * direct mode, the organization's backend with the bearer token and never this origin's cookies.
 * For the few callers that need the raw response (file downloads); everything else uses request().
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const direct = url.startsWith('/api/') ? apiTarget.direct : undefined;
  if (!direct) return fetch(url, { ...init, credentials: 'same-origin' });
  const headers = new Headers(init.headers);
  const token = await direct.token();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${direct.base}${url}`, { ...init, headers, credentials: 'omit' });
}

/**
 * The one way the web app talks to the API (in direct mode, the selected organization's backend:
 * api/target.ts). A 401 sends the browser to `/auth-state-checker?return_to=<path+query>` (in
 * direct mode, to the provider); no answer at all becomes one of the three
 * network messages; any other error status throws an ApiError with the server's message.
 */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ accept: 'application/json', ...opts.headers });
  const body = encodeBody(opts.body, headers);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  let res: Response;
  try {
    res = await apiFetch(buildUrl(path, opts.params), { method, headers, body, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err; // the caller cancelled (e.g. TanStack Query): not an error to show
    if (timeout.aborted) throw new ApiError(NETWORK_MESSAGES.timeout, 'timeout');
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      throw new ApiError(NETWORK_MESSAGES.offline, 'offline');
    }
    throw new ApiError(NETWORK_MESSAGES.network, 'network');
  }

  const data = await readBody(res);
  if (res.ok) return { data: data as T, status: res.status, headers: res.headers };
  if (res.status === 401 && !opts.allow401) authRedirect.go(currentLocation());
  throw new ApiError(messageFromBody(data, res.status, res.statusText), 'http', res.status, data);
}

/** Shorthands that return just the body. */
export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts).then((r) => r.data),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body }).then((r) => r.data),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts).then((r) => r.data),
};
