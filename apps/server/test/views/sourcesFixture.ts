import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { fetchView, json, saveView } from './helpers.js';

/**
 * What the view source tests share: a test server whose catalog holds two namespaces (orders,
 * billing) with a change each, a stored PostgreSQL connection, a local JSON API counting its calls,
 * and the SQL engine of merges already started. Exports are live: read them inside tests.
 */

export let server: TestServer;
export let httpUrl = '';
export let httpCalls = 0;
let http: Server;

export const CONFIG_A = '8c2b7f52-1111-4a4a-9b9b-000000000001';
export const CONFIG_B = '8c2b7f52-1111-4a4a-9b9b-000000000002';

/** Table columns of the given names (text). */
export const cols = (...names: string[]) =>
  names.map((name, i) => ({ name, type: 'string', ...(i === 0 ? { primaryKey: true } : {}) }));

/** Starts the fixture before the calling file's tests and stops it after them. */
export function useViewSources(): void {
  beforeAll(async () => {
    server = await startTestServer();
    http = createServer((req, res) => {
      httpCalls++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          data: {
            pods: [
              { pod: 'web-1', restarts: 0, ready: true },
              { pod: 'web-2', restarts: 3, ready: false },
            ],
          },
          asked: req.url,
        }),
      );
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    httpUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    const db = server.db.kysely;
    await db
      .insertInto('config_items' as never)
      .values([
        {
          id: CONFIG_A,
          name: 'orders',
          type: 'Kubernetes::Namespace',
          config_class: 'Namespace',
          tags: '{"cluster":"prod"}',
          health: 'healthy',
        },
        {
          id: CONFIG_B,
          name: 'billing',
          type: 'Kubernetes::Namespace',
          config_class: 'Namespace',
          tags: '{"cluster":"dev"}',
          health: 'unhealthy',
        },
      ] as never)
      .execute();
    await db
      .insertInto('config_changes' as never)
      .values([
        { config_id: CONFIG_A, change_type: 'diff', summary: 'scaled up', severity: 'info' },
        { config_id: CONFIG_B, change_type: 'BackupCompleted', summary: 'nightly', severity: 'info' },
      ] as never)
      .execute();
    const conn = await server.fetch('/api/db/connections', {
      method: 'POST',
      ...json({
        name: 'views-pg',
        namespace: 'default',
        type: 'postgres',
        url: 'postgres://postgres@127.0.0.1:5432/postgres',
      }),
    });
    expect(conn.status, await conn.clone().text()).toBe(201);
    // the SQL engine of merges and panels starts on its thread once (tens of seconds on a busy
    // machine), here rather than inside the first test's time
    const warm = await saveView(server, 'warm-up', {
      queries: { ns: { configs: { types: ['Kubernetes::Namespace'] } } },
      merge: 'select 1::text as n',
      columns: cols('n'),
    });
    expect((await fetchView(server, warm)).body.refreshStatus).toBe('fresh');
  }, 180_000);
  afterAll(async () => {
    await new Promise((r) => http?.close(r));
    await server?.close();
  });
}
