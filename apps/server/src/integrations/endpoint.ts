import { untilAborted } from '../abort.js';
import { assertConnectionHost, type ConnectionLookup, type ResolvedConnection } from './connection.js';

/** canary-checker's `Connection` block of a check, before resolution. */
export interface ConnectionFields {
  connection?: string;
  url?: string;
  username?: unknown;
  password?: unknown;
}

/** Where and as whom a runner connects, after the stored connection and secrets are resolved. */
export interface Endpoint {
  /** The target URL with `$(username)`/`$(password)` filled in; undefined when none was given. */
  url?: string;
  username?: string;
  password?: string;
  /** The stored connection when the check named one (for type-specific properties). */
  connection?: ResolvedConnection;
}

/**
 * Resolves a check's `connection`, `url`, `username` and `password`: fields set on the check win,
 * the stored connection fills the rest; its credentials go only to its own host (a check `url`
 * on another host is refused before anything is sent). `$(username)` and `$(password)` in the URL are replaced
 * (URL-encoded, so a password with `@` or `/` cannot break the URL).
 */
export async function resolveEndpoint(spec: ConnectionFields, ctx: ConnectionLookup): Promise<Endpoint> {
  const connection = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
  const ownUsername = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
  const ownPassword = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
  const username = ownUsername || connection?.username;
  const password = ownPassword || connection?.password;
  // a check's own url may not borrow the connection's credentials for another host
  const lends = !!connection && ((!ownUsername && !!connection.username) || (!ownPassword && !!connection.password));
  if (connection && spec.url && (lends || connection.certificate))
    assertConnectionHost(connection, interpolateCredentials(spec.url), spec.connection);
  let url = spec.url || connection?.url;
  if (url) url = interpolateCredentials(url, username, password);
  return { url, username, password, connection };
}

/** Replaces `$(username)` and `$(password)` in a URL by their URL-encoded values. */
export function interpolateCredentials(url: string, username?: string, password?: string): string {
  return url
    .replaceAll('$(username)', encodeURIComponent(username ?? ''))
    .replaceAll('$(password)', encodeURIComponent(password ?? ''));
}

/** A URL with its password masked, safe for messages and details. */
export function redactUrl(raw: string): string {
  // the Go MySQL DSN (`user:pass@tcp(host)/db`) parses as a URL with no password: redact it first
  const goDsn = /^((?:[a-z0-9+]+:\/\/)?[^:@/]*:)(.*)(@(?:tcp|unix)?\()/i.exec(raw);
  if (goDsn) return `${goDsn[1]}****${raw.slice(goDsn[0].length - (goDsn[3] ?? '').length)}`;
  try {
    const u = new URL(raw);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return raw.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1****@');
  }
}

/** Rejects with the signal's reason once it aborts; for drivers that take no AbortSignal. */
export function abortable<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return untilAborted(signal, work).catch((err: unknown) => {
    throw signal.aborted && err === signal.reason ? abortError(signal) : err;
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new Error(typeof reason === 'string' ? reason : 'check aborted');
}

/**
 * The timeout to give a driver: a little under the engine's deadline, so the driver's own error
 * ("connect ECONNREFUSED", "server selection timed out") is reported rather than a bare abort.
 */
export function driverTimeout(timeoutMs: number): number {
  return Math.max(250, Math.floor(timeoutMs * 0.8));
}
