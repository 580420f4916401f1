import { isIP } from 'node:net';
import { type RedisCheck, redisCheckSchema } from '@opsdeck/schema';
import type { Redis, RedisOptions } from 'ioredis';
import { abortable, driverTimeout, type Endpoint, redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { type CheckType, failure } from './types.js';

const loadIoredis = lazyDriver(() => import('ioredis'));

/** Server facts from INFO that expressions commonly test (`results.info.redis_version`). */
const INFO_FIELDS = ['redis_version', 'redis_mode', 'uptime_in_seconds', 'connected_clients', 'used_memory', 'role'];

/** TLS material already resolved from `tlsConfig` (PEM text). */
export interface RedisTls {
  ca?: string;
  cert?: string;
  key?: string;
}

/** Builds ioredis options from `addr` (`host:port`) or a `redis://`/`rediss://` URL, and `tlsConfig`. */
export function redisOptions(
  spec: RedisCheck,
  endpoint: Endpoint,
  timeoutMs: number,
  tls: RedisTls = {},
): RedisOptions {
  const base: RedisOptions = {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null, // one attempt per run; the scheduler retries
    connectionName: 'opsdeck-check',
  };
  const target = spec.addr || endpoint.url || '';
  let options: RedisOptions;
  if (/^rediss?:\/\//i.test(target)) {
    const u = new URL(target);
    options = {
      ...base,
      host: u.hostname,
      port: u.port ? Number(u.port) : 6379,
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    };
  } else {
    const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(target);
    if (!m?.[1]) throw new Error(`invalid addr "${target}" (expected host:port)`);
    options = { ...base, host: m[1], port: m[2] ? Number(m[2]) : 6379 };
  }
  options.username ??= endpoint.username || undefined;
  options.password ??= endpoint.password || undefined;
  if (spec.db !== undefined) options.db = spec.db;
  options.db ??= 0;
  const tc = spec.tlsConfig;
  // as canary-checker: any TLS setting (not only enable) means TLS
  if (/^rediss:/i.test(target) || tc?.enable || tc?.insecureSkipVerify || tls.ca || tls.cert) {
    options.tls = {
      ...(options.host && isIP(options.host) === 0 ? { servername: options.host } : {}),
      ...(tls.ca ? { ca: tls.ca } : {}),
      ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
      rejectUnauthorized: !tc?.insecureSkipVerify,
    };
  }
  return options;
}

export const redisCheck: CheckType<RedisCheck> = {
  type: 'redis',
  endpoint: (spec) => redactUrl(spec.addr || spec.url || spec.connection || ''),
  schema: redisCheckSchema,
  defaultTimeoutMs: 10_000,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    const tc = spec.tlsConfig;
    const tls: RedisTls = {
      ca: tc?.ca ? await ctx.resolveEnv(tc.ca) : undefined,
      cert: tc?.cert ? await ctx.resolveEnv(tc.cert) : undefined,
      key: tc?.key ? await ctx.resolveEnv(tc.key) : undefined,
    };
    let client: Redis | undefined;
    let lastError: Error | undefined;
    const where = redactUrl(spec.addr || endpoint.url || '');
    try {
      const { Redis } = await loadIoredis();
      client = new Redis(redisOptions(spec, endpoint, driverTimeout(ctx.timeoutMs), tls));
      // ioredis rejects with "Connection is closed." and reports the cause as an event: keep it
      client.on('error', (e: Error) => {
        lastError ??= e;
      });
      const redis = client;
      const { pong, info } = await abortable(
        ctx.signal,
        (async () => {
          await redis.connect();
          const pong = await redis.ping();
          const info = parseInfo(await redis.info());
          return { pong, info };
        })(),
      );
      const results = { ping: pong, info };
      if (pong !== 'PONG') {
        return {
          pass: false,
          error: `expected PONG, got ${pong}`,
          message: `expected PONG, got ${pong}`,
          data: { results },
        };
      }
      return {
        pass: true,
        message: `PONG from redis ${info.redis_version ?? ''}`.trim(),
        data: { results, ...results },
      };
    } catch (err) {
      const cause = lastError ?? err;
      return failure(new Error(`redis ${where}: ${cause instanceof Error ? cause.message : String(cause)}`));
    } finally {
      client?.disconnect();
    }
  },
};

function parseInfo(text: string): Record<string, string | number> {
  const info: Record<string, string | number> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0 || line.startsWith('#')) continue;
    const key = line.slice(0, at);
    if (!INFO_FIELDS.includes(key)) continue;
    const value = line.slice(at + 1);
    info[key] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return info;
}
