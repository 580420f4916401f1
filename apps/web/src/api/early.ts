import { request } from './client.js';
import { apiTarget } from './target.js';

/** An early answer older than this is not used: the app asks again. */
export const EARLY_MAX_AGE_MS = 15_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a GET the first screen waits on while the app's scripts are still loading (app/earlyRequests.ts).
 * A 401 does not send the browser to sign in from here: like any answer but a 2xx it resolves to
 * undefined, and the app asks again the usual way, with the usual 401 handling.
 */
export function startEarly(url: string, opts: { timeoutMs?: number; now?: number } = {}): void {
  const answer = request<unknown>('GET', url, { allow401: true, timeoutMs: opts.timeoutMs }).then(
    (r) => r.data,
    () => undefined,
  );
  started.set(url, { at: opts.now ?? Date.now(), answer });
}

/**
 * The early answer for `url` (path and query exactly as started) if there is one, once; otherwise
 * `fetcher`'s. Early answers come from this origin, so in direct mode (another backend) they are dropped.
 */
export async function orEarly<T>(url: string, fetcher: () => Promise<T>): Promise<T> {
  const early = started.get(url);
  started.delete(url);
  if (early && !apiTarget.direct && Date.now() - early.at <= EARLY_MAX_AGE_MS) {
    const answer = (await early.answer) as T | undefined;
    if (answer !== undefined) return answer;
  }
  return fetcher();
}
