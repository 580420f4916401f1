import { startEarly } from '../api/early.js';
import { openingSummary, summaryUrl } from '../features/health/summaryRequest.js';

/** Whether this server's web app runs in direct mode (asked before anything renders). */
export const DIRECT_MODE_PATH = '/api/organizations/direct';
/** Who is signed in: every screen behind sign-in waits on it. */
export const WHOAMI_PATH = '/api/auth/whoami';
/** The properties the feature flags come from; every screen behind sign-in waits on them too. */
export const PROPERTIES_PATH = '/api/properties';
/** The feature flags are not waited on longer than this: the app loads without them. */
export const FLAGS_TIMEOUT_MS = 5000;

/**
 * Starts, in parallel and while the app's scripts are still loading (main.tsx), the quick requests
 * every screen behind sign-in waits on: the mode, the session and the feature flags. The app takes
 * their answers when it asks the same (api/early.ts).
 */
export function startSessionRequests(): void {
  startEarly(DIRECT_MODE_PATH);
  startEarly(WHOAMI_PATH);
  startEarly(PROPERTIES_PATH, { timeoutMs: FLAGS_TIMEOUT_MS });
}

/**
 * On /health, starts the summary, the page's slowest request, with the session requests: the
 * app's scripts take the first half second or more to load (dozens of chunks, six at a time),
 * while the opening summary (failing checks of the last hour) is answered from memory in tens of
 * milliseconds, even at 100,000 checks on the embedded database.
 */
export function startOpeningSummary(location: { pathname: string; search: string }): void {
  const summary = openingSummary(location);
  if (summary) startEarly(summaryUrl(summary));
}
