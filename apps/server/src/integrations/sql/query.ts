import { abortable, driverTimeout, type Endpoint, redactUrl } from '../endpoint.js';
import { PoolCache } from '../poolCache.js';

/** One SQL engine as checks, scrapers, view sources and playbook actions see it: run a query over a pooled connection. */
export interface SqlDriver<P> {
  name: string;
  /** Opens a pool for the resolved endpoint; connection errors surface from the first query. */
  open(endpoint: Endpoint & { url: string }, timeoutMs: number): Promise<P>;
  query(pool: P, sql: string, timeoutMs: number): Promise<Record<string, unknown>[]>;
  close(pool: P): Promise<void>;
}

const pools = new PoolCache<{ driver: SqlDriver<unknown>; pool: unknown }>({
  maxEntries: 32,
  idleMs: 5 * 60_000,
  close: ({ driver, pool }) => driver.close(pool),
});

/** Closes every pooled SQL connection (server shutdown, tests). */
export function closeSqlPools(): Promise<void> {
  return pools.closeAll();
}

/** Pools currently open, for tests and metrics. */
export function sqlPoolCount(): number {
  return pools.size;
}

/**
 * Runs `query` on the pooled connection for `endpoint` (shared by SQL checks and the sql scraper);
 * a connection error drops the pool so the next run reconnects. Errors name the driver and the
 * URL without its password.
 */
export async function runSqlQuery<P>(
  driver: SqlDriver<P>,
  endpoint: Endpoint & { url: string },
  query: string,
  ctx: { signal: AbortSignal; timeoutMs: number },
): Promise<Record<string, unknown>[]> {
  const key = `${driver.name}\n${endpoint.url}\n${endpoint.username ?? ''}\n${endpoint.password ?? ''}`;
  try {
    return await abortable(
      ctx.signal,
      pools.use(
        key,
        async () => ({
          driver: driver as SqlDriver<unknown>,
          pool: await driver.open(endpoint, driverTimeout(ctx.timeoutMs)),
        }),
        ({ pool }) => driver.query(pool as P, query, driverTimeout(ctx.timeoutMs)),
      ),
    );
  } catch (err) {
    if (isConnectionError(err)) pools.discard(key);
    throw new Error(`${driver.name} ${redactUrl(endpoint.url)}: ${errorText(err)}`);
  }
}

/** A driver error as one line (the first of an AggregateError). */
export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return errorText(err.errors[0]);
  if (err instanceof Error) return err.message || (err as { code?: string }).code || err.name;
  return String(err);
}

function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(ECONN|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ESOCKET|ELOGIN|PROTOCOL_)/.test(code);
}

/** A row as plain JSON values, so expressions and stored details see strings, numbers and booleans. */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = plainValue(v);
  return out;
}

function plainValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (Buffer.isBuffer(v)) return v.toString('base64');
  if (Array.isArray(v)) return v.map(plainValue);
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = plainValue(x);
    return out;
  }
  return v;
}
