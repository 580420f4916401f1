/** Messages for requests that never got an answer. */
export const NETWORK_MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
} as const;

/** Why a request failed: the server answered with an error status, or no answer came at all. */
export type ApiErrorKind = 'http' | keyof typeof NETWORK_MESSAGES;

/** A failed API call. `message` is what a person should read; `body` is the server's error body when there was one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The human message of an error body: OpsDeck's `{message}`, PostgREST's `{message, details}`, else the status text. */
export function messageFromBody(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'msg']) {
      const v = b[key];
      if (typeof v === 'string' && v.trim()) return v;
    }
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return body.trim();
  return `HTTP ${status}: ${statusText || 'Error'}`;
}

/** The message to show for any thrown value (toasts, error states). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return 'Something went wrong';
}
