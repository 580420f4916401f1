import { LogBackendError } from '../types.js';

/** GET/POST JSON from a log backend's HTTP API; failures name the backend's own reason, never credentials. */
export async function fetchJson<T>(url: URL, init: RequestInit, what: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if ((init.signal as AbortSignal | undefined)?.aborted) throw err;
    throw new LogBackendError(
      `${what} at ${url.origin} is unreachable: ${(err as Error).cause ?? (err as Error).message}`,
    );
  }
  const text = await res.text();
  if (!res.ok) throw new LogBackendError(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new LogBackendError(`${what} answered something that is not JSON: ${text.slice(0, 100)}`);
  }
}

export const basicAuth = (user: string | undefined, password: string | undefined): Record<string, string> =>
  user ? { authorization: `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}` } : {};
