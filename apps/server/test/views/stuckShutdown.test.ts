import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { postgresTemplateName, seedEmbeddedDataDir } from '../helpers/db.js';
import { addPersonWithToken, testEngine } from '../helpers/index.js';
import { type ServeProcess, startServe } from '../scale/processes.js';

/**
 * `opsdeck serve` stops promptly on SIGTERM while a view's merge is stuck in its SQL engine: the
 * engine runs on a worker thread that shutdown terminates, so the signal is handled at once
 * (the old in-process engine held the thread, and the signal, until the query ended).
 */

const postgres = testEngine() === 'postgres';
let dataDir = '';
let dbName = '';
let server: ServeProcess | undefined;
let token = '';
let stuckId = '';
let quickId = '';

const view = (merge: string) => ({
  queries: { ns: { configs: { types: ['Kubernetes::Namespace'] } } },
  merge,
  columns: [{ name: 'n', type: 'string', primaryKey: true }],
  cache: { refreshTimeout: '5m' },
});

/** A migrated database of this run's engine, the server's to open: a data dir or a PostgreSQL URL. */
async function prepareDatabase(): Promise<{ env: Record<string, string>; url: string }> {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-stuck-'));
  if (!postgres) {
    await seedEmbeddedDataDir(path.join(dataDir, 'db'));
    return { env: { DATABASE_URL: '', OPSDECK_DATA_DIR: path.join(dataDir, 'db') }, url: '' };
  }
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  dbName = `opsdeck_stuck_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin
    .query(`create database "${dbName}" template "${await postgresTemplateName()}"`)
    .finally(() => admin.end());
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return { env: {}, url: u.toString() };
}

beforeAll(async () => {
  const { env, url } = await prepareDatabase();
  // the embedded database is one process's: write the person and the views before the server opens it
  const db = await openDatabase(url ? { databaseUrl: url, poolMax: 2 } : { dataDir: env.OPSDECK_DATA_DIR as string });
  try {
    ({ token } = await addPersonWithToken(db, { email: 'stuck@example.com', roles: ['admin'] }));
    const add = async (name: string, merge: string) => {
      const { rows } = await sql<{ id: string }>`
        insert into views (name, namespace, spec) values (${name}, 'default', ${JSON.stringify(view(merge))}::jsonb)
        returning id`.execute(db.kysely);
      return rows[0]?.id as string;
    };
    stuckId = await add('stuck', 'select pg_sleep(300)::text as n');
    quickId = await add('quick', 'select 1::text as n');
  } finally {
    await db.close();
  }
  server = await startServe(url, 'all', env);
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`).finally(() => admin.end());
  }
}, 60_000);

const viewFetch = (id: string) =>
  fetch(`${server?.url}/api/view/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });

describe('shutdown during a stuck view merge', () => {
  it('exits promptly on SIGTERM', async () => {
    const s = server as ServeProcess;
    // the engine starts once; then the stuck merge holds it
    const quick = (await (await viewFetch(quickId)).json()) as { refreshStatus: string; refreshError?: string };
    expect(quick.refreshStatus, quick.refreshError).toBe('fresh');
    const stuck = viewFetch(stuckId).then(
      (r) => r.status,
      () => 0,
    );
    await new Promise((r) => setTimeout(r, 1500));
    // the server still answers while the merge sleeps
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
    const started = performance.now();
    const code = await s.stop();
    const ms = performance.now() - started;
    expect(code, s.stderr()).toBe(0);
    expect(ms).toBeLessThan(12_000); // the merge would hold the old server for 300 s
    await stuck;
  }, 120_000);
});
