import type { ResolvedConnection } from '../integrations/connection.js';
import { lazyDriver } from '../integrations/lazyDriver.js';

/** The SMTP client, loaded at the first connection test. */
const loadNodemailer = lazyDriver(async () => (await import('nodemailer')).default);

/**
 * Tests an email (SMTP) connection for real: connects, upgrades to TLS as the connection says,
 * and logs in with its credentials (nodemailer's verify: EHLO, STARTTLS, AUTH), sending nothing.
 * Answers what passed, or throws the server's own refusal.
 */
export async function verifySmtp(conn: ResolvedConnection, timeoutMs: number): Promise<string> {
  const base = conn.url ? safeUrl(conn.url) : undefined;
  const host = conn.properties.host ?? base?.hostname;
  if (!host) throw new Error('no host: set host on the connection');
  const port = Number(conn.properties.port ?? (base?.port || 587));
  const encryption = (conn.properties.encryption ?? 'Auto').toLowerCase();
  const implicit = encryption === 'implicittls' || (encryption === 'auto' && port === 465);
  const username = conn.username || base?.username || undefined;
  const password = conn.password || (base?.password ? decodeURIComponent(base.password) : undefined);
  const transport = (await loadNodemailer()).createTransport({
    host,
    port,
    secure: implicit,
    requireTLS: encryption === 'explicittls',
    ignoreTLS: encryption === 'none',
    auth:
      username && conn.properties.auth?.toLowerCase() !== 'none' ? { user: username, pass: password ?? '' } : undefined,
    tls: { rejectUnauthorized: conn.properties.insecureTls !== 'true' && !conn.insecureTls },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
  } catch (err) {
    const e = err as { response?: string; message: string };
    throw new Error(`SMTP ${host}:${port}: ${e.response ?? e.message}`);
  } finally {
    transport.close();
  }
  return username
    ? `SMTP ${host}:${port} accepted the login of ${username}`
    : `SMTP ${host}:${port} answered (no login configured)`;
}

function safeUrl(v: string): URL | undefined {
  try {
    return new URL(v);
  } catch {
    return undefined;
  }
}
