import { type CheckResult, checkTypeFor, executeCheck } from '../health/index.js';
import type { ResolvedConnection } from '../integrations/connection.js';
import { DEFAULT_SANDBOX, type SandboxPolicy } from '../sandbox/config.js';
import { lsRemote, lsRemoteApplies } from './gitProbe.js';
import { verifySmtp } from './smtpProbe.js';

type ProbeFields = Record<string, unknown> | ((conn: ResolvedConnection) => Record<string, unknown>);

/** The check that proves a connection of each type works, run through the real check runner. */
const PROBES: Record<string, { type: string; fields?: ProbeFields }> = {
  postgres: { type: 'postgres', fields: { query: 'SELECT 1' } },
  mysql: { type: 'mysql', fields: { query: 'SELECT 1' } },
  sql_server: { type: 'mssql', fields: { query: 'SELECT 1' } },
  redis: { type: 'redis' },
  mongo: { type: 'mongodb' },
  ldap: { type: 'ldap' },
  prometheus: { type: 'prometheus', fields: { query: 'vector(1)' } },
  http: { type: 'http' },
  elasticsearch: { type: 'http' },
  ollama: { type: 'http' },
  dynatrace: { type: 'http' },
  generic_webhook: { type: 'http', fields: webhookTestRequest },
  // logs in over SSH with the stored password or key and lists the home directory
  sftp: { type: 'sftp', fields: { path: '.' } },
};

/**
 * A generic webhook is tested with a real request, as a notification would send it: its method
 * (POST by default, or GET), content type and headers, and for POST a small JSON test payload of the
 * webhook channel's shape. Any 2xx answer passes; the result names the status code.
 */
function webhookTestRequest(conn: ResolvedConnection): Record<string, unknown> {
  const method =
    (conn.properties.requestMethod ?? conn.properties.method ?? 'POST').toUpperCase() === 'GET' ? 'GET' : 'POST';
  const headers: Array<{ name: string; value: string }> = [];
  try {
    const extra = conn.properties.headers ? (JSON.parse(conn.properties.headers) as unknown) : {};
    if (extra && typeof extra === 'object' && !Array.isArray(extra))
      for (const [name, value] of Object.entries(extra)) headers.push({ name, value: String(value) });
  } catch {
    // unreadable extra headers: test without them, as the channel does
  }
  if (method === 'GET') return { method, headers };
  headers.push({ name: 'content-type', value: conn.properties.contentType || 'application/json' });
  const body = JSON.stringify({
    title: 'OpsDeck connection test',
    message: `A test request from OpsDeck for the connection ${conn.namespace}/${conn.name}.`,
    event: 'connection.test',
    properties: {},
  });
  return { method, headers, body };
}

/** Notification and cloud API types whose test would send a message or need a cloud account. */
export class UntestableConnectionError extends Error {}

const DEFAULT_PORTS: Record<string, number> = { sftp: 22, smb: 445, windows: 5985 };

/** The check (type and spec) that tests `conn`; reachability (TCP) when no runner speaks its protocol. */
export function probeFor(conn: ResolvedConnection, ref: string): { type: string; spec: Record<string, unknown> } {
  const probe = PROBES[conn.type];
  if (probe && checkTypeFor(probe.type)) {
    const fields = typeof probe.fields === 'function' ? probe.fields(conn) : (probe.fields ?? {});
    return { type: probe.type, spec: { name: `test ${conn.name}`, connection: ref, ...fields } };
  }
  const endpoint = hostPort(conn);
  if (endpoint && checkTypeFor('tcp')) return { type: 'tcp', spec: { name: `test ${conn.name}`, endpoint } };
  throw new UntestableConnectionError(`testing a ${conn.type} connection is not supported`);
}

function hostPort(conn: ResolvedConnection): string | undefined {
  const port = conn.properties.port ? Number(conn.properties.port) : undefined;
  if (conn.properties.host) {
    const p = port ?? DEFAULT_PORTS[conn.type];
    return p ? `${conn.properties.host}:${p}` : undefined;
  }
  if (!conn.url) return undefined;
  try {
    const u = new URL(conn.url);
    const defaults: Record<string, number> = { 'http:': 80, 'https:': 443, 'sftp:': 22, 'smb:': 445 };
    const p = u.port ? Number(u.port) : (port ?? defaults[u.protocol] ?? DEFAULT_PORTS[conn.type]);
    return u.hostname && p ? `${u.hostname.replace(/^\[|\]$/g, '')}:${p}` : undefined;
  } catch {
    return undefined;
  }
}

/** A test's outcome; `reachedOnly`: only a TCP connect was made, the credentials were not tried. */
export type ConnectionTest = CheckResult & { reachedOnly: boolean };

const PROBE_TIMEOUT_MS = 15_000;

/**
 * Really tries the connection: runs the probe check with the stored credentials, for email logs
 * in over SMTP, for git over http(s) lists the branches (as `sandbox`'s user). Types with no
 * client here (smb, windows, git over ssh) are only reached over TCP, and the answer says so
 * rather than calling that a success.
 */
export async function testConnection(
  conn: ResolvedConnection,
  ref: string,
  sandbox: SandboxPolicy = DEFAULT_SANDBOX,
): Promise<ConnectionTest> {
  if (conn.type === 'email') return probed(() => verifySmtp(conn, PROBE_TIMEOUT_MS));
  if (lsRemoteApplies(conn)) return probed(() => lsRemote(conn, sandbox, PROBE_TIMEOUT_MS));
  const { type, spec } = probeFor(conn, ref);
  const result = await executeCheck(type, spec, {
    resolveConnection: async () => conn,
    resolveEnv: async (source) => (source as { value?: string } | undefined)?.value,
  });
  return { ...result, reachedOnly: type === 'tcp' };
}

/** A probe of OpsDeck's own (not a check) as a test outcome: its message, or its error. */
async function probed(probe: () => Promise<string>): Promise<ConnectionTest> {
  const started = Date.now();
  const outcome = { invalid: false, data: {}, metrics: [], attempts: 1, reachedOnly: false };
  try {
    const message = await probe();
    return { ...outcome, pass: true, message, duration: Date.now() - started };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ...outcome, pass: false, message, error: message, duration: Date.now() - started };
  }
}
