/**
 * A stored connection as the shared clients see it, and the rule that pins its credentials to its
 * own host. Connections are stored and resolved in connections/; the clients only read them.
 */

/** A connection as stored in `connections`, secrets already decrypted, for the caller's use only. */
export interface ResolvedConnection {
  name: string;
  namespace: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
  insecureTls?: boolean;
  properties: Record<string, string>;
}

/** How a client finds what a spec names: a stored connection, or an env-var source (secret, config map). */
export interface ConnectionLookup {
  /** Resolves `connection://namespace/name` (or a bare name) to a stored connection. */
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** Resolves an env-var source (`{value}` or `{valueFrom: {secretKeyRef|configMapKeyRef}}`) to a string. */
  resolveEnv(source: unknown): Promise<string | undefined>;
}

/** A target URL that is not the host a connection's credentials belong to; nothing was sent. */
export class ConnectionHostError extends Error {}

const hostOf = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    return u.host ? u.host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Throws unless `target` is on the host (name and port) of `connection`'s own URL: the
 * credentials of a stored connection go only to that connection's host, so whoever may edit a
 * check, view or playbook cannot point them at a server of their choosing. A connection without
 * a URL has no host its credentials belong to, so they are not sent to a URL given elsewhere.
 */
export function assertConnectionHost(connection: ResolvedConnection, target: string, ref = connection.name): void {
  const own = hostOf(connection.url);
  const wanted = hostOf(target);
  if (own && wanted && own === wanted) return;
  const where = wanted ?? 'a URL without a host';
  throw new ConnectionHostError(
    own
      ? `connection ${ref} belongs to ${own}: its credentials are not sent to ${where} (use the connection's URL, or a connection for ${where})`
      : `connection ${ref} has no URL, so its credentials are not sent to ${where} (set the URL on the connection)`,
  );
}

/** Whether a connection carries credentials at all (only those are pinned to its host). */
export const hasCredentials = (c: ResolvedConnection): boolean => !!(c.username || c.password || c.certificate);
