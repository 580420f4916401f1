import { sameOriginPath } from './returnTo.js';

/** `continue_with` entries Kratos sends after a successful submit. */
export interface ContinueWith {
  action: string;
  redirect_browser_to?: string;
  flow?: { id: string; url?: string };
}

/** The `continue_with` list of a success answer, whatever shape it came in. */
export function continueWith(answer: unknown): ContinueWith[] {
  const list = (answer as { continue_with?: unknown } | undefined)?.continue_with;
  return Array.isArray(list) ? (list as ContinueWith[]) : [];
}

/**
 * Where to go after a sign-in: a `redirect_browser_to` the server asked for (the second factor),
 * else the flow's `return_to`, else the page's own return_to. Always a path on this origin.
 */
export function afterSignIn(
  answer: unknown,
  flowReturnTo: string | undefined,
  pageReturnTo: string,
  origin: string,
): string {
  const redirect = continueWith(answer).find((c) => c.action === 'redirect_browser_to')?.redirect_browser_to;
  if (redirect) return sameOriginPath(redirect, origin, pageReturnTo);
  return sameOriginPath(flowReturnTo, origin, pageReturnTo);
}
