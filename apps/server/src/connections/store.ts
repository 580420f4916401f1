import { setBounded } from '../boundedMap.js';
import type { SecretBox } from '../crypto/secretBox.js';
import type { Db } from '../db/connection.js';
import type { ResolvedConnection } from '../integrations/connection.js';
import './tables.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reference that names no stored connection; the message says which one. */
export class ConnectionNotFoundError extends Error {}

/** Splits `connection://namespace/name`, `connection://name` or a bare name/id. */
export function parseConnectionRef(ref: string, defaultNamespace = 'default'): { namespace: string; name: string } {
  const rest = ref.trim().replace(/^connection:\/\//, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return { namespace: defaultNamespace, name: rest };
  return { namespace: rest.slice(0, slash) || defaultNamespace, name: rest.slice(slash + 1) };
}

/** Reads a stored secret: sealed values are opened; a plain value (written by SQL by hand) passes through. */
export function openSecret(box: SecretBox, value: string | null): string | undefined {
  if (value === null || value === '') return undefined;
  try {
    return box.open(value);
  } catch {
    return value.startsWith('v1:') ? undefined : value;
  }
}

/**
 * Resolves `connection://` references for check runs, with decrypted secrets. Results are cached
 * for a few seconds: ten thousand checks on one connection must not mean ten thousand lookups.
 */
export class ConnectionResolver {
  private cache = new Map<string, { at: number; value: Promise<ResolvedConnection> }>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly ttlMs = 10_000,
  ) {}

  resolve(ref: string, defaultNamespace = 'default'): Promise<ResolvedConnection> {
    const key = `${defaultNamespace}|${ref}`;
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = this.load(ref, defaultNamespace);
    setBounded(this.cache, key, { at: now, value }, 10_000);
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    return value;
  }

  /** Forgets cached connections (after a connection is edited). */
  invalidate(): void {
    this.cache.clear();
  }

  private async load(ref: string, defaultNamespace: string): Promise<ResolvedConnection> {
    const row = await findConnection(this.db, ref, defaultNamespace);
    if (!row) throw new ConnectionNotFoundError(`connection ${ref} not found`);
    return toResolved(row, this.box);
  }
}

/** The stored (live) connection a reference names: an id, `connection://namespace/name` or a name. */
export function findConnection(db: Db, ref: string, defaultNamespace = 'default') {
  let query = db.kysely.selectFrom('connections').selectAll().where('deleted_at', 'is', null);
  const bare = ref.trim().replace(/^connection:\/\//, '');
  if (UUID.test(bare)) {
    query = query.where('id', '=', bare);
  } else {
    const { namespace, name } = parseConnectionRef(ref, defaultNamespace);
    query = query.where('namespace', '=', namespace).where('name', '=', name);
  }
  return query.executeTakeFirst();
}

/** A stored row as runners see it: secrets opened, properties as strings. */
export function toResolved(
  row: {
    name: string;
    namespace: string;
    type: string;
    url: string | null;
    username: string | null;
    password: string | null;
    certificate: string | null;
    insecure_tls: boolean;
    properties: unknown;
  },
  box: SecretBox,
): ResolvedConnection {
  const properties: Record<string, string> = {};
  if (row.properties && typeof row.properties === 'object') {
    for (const [k, v] of Object.entries(row.properties as Record<string, unknown>)) {
      if (v !== null && v !== undefined) properties[k] = String(v);
    }
  }
  const out: ResolvedConnection = {
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    insecureTls: row.insecure_tls,
    properties,
  };
  if (row.url) out.url = row.url;
  if (row.username) out.username = row.username;
  const password = openSecret(box, row.password);
  if (password !== undefined) out.password = password;
  const certificate = openSecret(box, row.certificate);
  if (certificate !== undefined) out.certificate = certificate;
  return out;
}

/**
 * Resolves an env-var source. OpsDeck has no Kubernetes secrets, so `secretKeyRef` and
 * `configMapKeyRef` name a stored connection and one of its fields (`username`, `password`,
 * `url`, `certificate`, or a property key).
 */
export async function resolveEnvSource(
  resolver: ConnectionResolver,
  source: unknown,
  namespace: string,
): Promise<string | undefined> {
  if (source === null || source === undefined) return undefined;
  if (typeof source === 'string') return source;
  const s = source as { value?: string; valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef } };
  if (s.value !== undefined) return s.value;
  const ref = s.valueFrom?.secretKeyRef ?? s.valueFrom?.configMapKeyRef;
  if (!ref) return undefined;
  const conn = await resolver.resolve(ref.name, namespace);
  const field = ref.key;
  const direct: Record<string, string | undefined> = {
    username: conn.username,
    password: conn.password,
    url: conn.url,
    certificate: conn.certificate,
  };
  const value = field in direct ? direct[field] : conn.properties[field];
  if (value === undefined) throw new Error(`connection ${ref.name} has no ${field}`);
  return value;
}

interface KeyRef {
  name: string;
  key: string;
}
