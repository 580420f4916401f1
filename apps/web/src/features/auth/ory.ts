import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import type { OryErrorBody, OryFailure } from './oryTypes.js';

export type { OryErrorBody, OryFailure } from './oryTypes.js';

/**
 * Ory's own client for the identity server under /api/.ory (docs/identity.md). A real Kratos can
 * stand behind the same path. `Accept: application/json` makes browser flows answer with JSON
 * instead of 303 redirects.
 */
export const ory = new FrontendApi(
  new Configuration({
    basePath: `${typeof window === 'undefined' ? '' : window.location.origin}/api/.ory`,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }),
);

/** Reads what the identity server answered from a thrown SDK error. */
export async function oryFailure(err: unknown): Promise<OryFailure> {
  if (err instanceof ResponseError) {
    let body: OryErrorBody = {};
    try {
      const parsed: unknown = await err.response.clone().json();
      if (parsed && typeof parsed === 'object') body = parsed as OryErrorBody;
    } catch {
      // not JSON (a proxy's HTML page): the status alone has to do
    }
    return { status: err.response.status, body };
  }
  return { status: 0, body: { error: { message: 'Network Error. Please try again.' } } };
}
