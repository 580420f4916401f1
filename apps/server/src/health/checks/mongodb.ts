import { type MongodbCheck, mongodbCheckSchema } from '@opsdeck/schema';
import type { MongoClient } from 'mongodb';
import { abortable, driverTimeout, redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { PoolCache } from '../../integrations/poolCache.js';
import { type CheckType, failure } from './types.js';

const loadMongodb = lazyDriver(() => import('mongodb'));

/** One MongoClient (itself a connection pool) per URL and credentials, closed when idle. */
const clients = new PoolCache<MongoClient>({ maxEntries: 16, idleMs: 5 * 60_000, close: (c) => c.close() });

/** Closes every pooled MongoDB client (server shutdown, tests). */
export function closeMongoClients(): Promise<void> {
  return clients.closeAll();
}

export const mongodbCheck: CheckType<MongodbCheck> = {
  type: 'mongodb',
  endpoint: (spec) => redactUrl(spec.url || spec.connection || ''),
  schema: mongodbCheckSchema,
  defaultTimeoutMs: 30_000,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    const url = endpoint.url;
    if (!url) return failure(new Error('no url: the mongodb connection has no url'));
    if (!/^mongodb(\+srv)?:\/\//.test(url)) {
      return failure(new Error(`unsupported url ${redactUrl(url)} (use mongodb:// or mongodb+srv://)`));
    }
    const timeoutMs = driverTimeout(ctx.timeoutMs);
    const key = `${url}\n${endpoint.username ?? ''}\n${endpoint.password ?? ''}`;
    try {
      const result = await abortable(
        ctx.signal,
        clients.use(
          key,
          async () =>
            new (await loadMongodb()).MongoClient(url, {
              serverSelectionTimeoutMS: timeoutMs,
              connectTimeoutMS: timeoutMs,
              maxPoolSize: 2,
              maxIdleTimeMS: 60_000,
              appName: 'opsdeck-check',
              ...(endpoint.username && !new URL(url.replace(/^mongodb\+srv:/, 'mongodb:')).username
                ? { auth: { username: endpoint.username, password: endpoint.password } }
                : {}),
            }),
          async (client) => {
            const admin = client.db('admin');
            const ping = await admin.command({ ping: 1 }, { timeoutMS: timeoutMs });
            const build = await admin.command({ buildInfo: 1 }, { timeoutMS: timeoutMs }).catch(() => undefined);
            return { ok: Number(ping.ok), version: typeof build?.version === 'string' ? build.version : undefined };
          },
        ),
      );
      const results = { ok: result.ok, version: result.version };
      if (result.ok !== 1) {
        return { pass: false, error: 'ping did not return ok', message: 'ping did not return ok', data: { results } };
      }
      return {
        pass: true,
        message: `mongodb ${result.version ?? ''} answered ping`.replace('  ', ' '),
        data: { results },
      };
    } catch (err) {
      return failure(new Error(`mongodb ${redactUrl(url)}: ${err instanceof Error ? err.message : String(err)}`));
    }
  },
};
