import { checkTypeFor } from '../health/checks/registry.js';
import type { ResolvedConnection } from '../health/checks/types.js';
import { type CheckResult, executeCheck } from '../health/execute.js';

/** The check that proves a connection of each type works, run through the real check runner. */
const PROBES: Record<string, { type: string; fields?: Record<string, unknown> }> = {
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
};

/** Notification and cloud API types whose test would send a message or need a cloud account. */
export class UntestableConnectionError extends Error {}

const DEFAULT_PORTS: Record<string, number> = { sftp: 22, smb: 445, windows: 5985, email: 587 };

/** The check (type and spec) that tests `conn`; reachability (TCP) when no runner speaks its protocol. */
export function probeFor(conn: ResolvedConnection, ref: string): { type: string; spec: Record<string, unknown> } {
  const probe = PROBES[conn.type];
  if (probe && checkTypeFor(probe.type)) {
    return { type: probe.type, spec: { name: `test ${conn.name}`, connection: ref, ...(probe.fields ?? {}) } };
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

/** Really tries the connection: runs the probe check with the stored credentials. */
export async function testConnection(conn: ResolvedConnection, ref: string): Promise<CheckResult> {
  const { type, spec } = probeFor(conn, ref);
  return executeCheck(type, spec, {
    resolveConnection: async () => conn,
    resolveEnv: async (source) => (source as { value?: string } | undefined)?.value,
  });
}
