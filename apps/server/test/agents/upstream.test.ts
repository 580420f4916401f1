import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamAgent, type UpstreamAgent } from '../../src/agents/agent/agent.js';
import { upstreamClient } from '../../src/agents/agent/client.js';
import type { UpstreamConfig } from '../../src/agents/agent/config.js';
import { pushOnce } from '../../src/agents/agent/push.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { tempFolder, writeFiles } from '../catalog/helpers.js';
import { createTestDb, pgliteTemplatePath } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 18 part 1: an agent OpsDeck (embedded PGlite) pushes its checks, results, scrapers and
// config items to an upstream OpsDeck (the engine under test) over HTTP with its token.

let upstreamDb: Db;
let upstream: TestServer;
let agentServer: TestServer;
let agent: UpstreamAgent | undefined;
let target: http.Server;
let targetUrl: string;
let dir: string;
let agentId: string;
let cfg: UpstreamConfig;

const json = { 'content-type': 'application/json', prefer: 'return=representation' };

async function waitFor(what: string, ok: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const count = async (db: Db, query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(db.kysely)).rows[0]?.n ?? 0);

beforeAll(async () => {
  target = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  dir = tempFolder({ 'a.json': { id: 'a', name: 'alpha' }, 'b.json': { id: 'b', name: 'beta' } });
  upstreamDb = await createTestDb();
  upstream = await startTestServer({ db: upstreamDb });
  const res = await upstream.fetch('/api/agent/generate', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'edge' }),
  });
  expect(res.status).toBe(201);
  const made = (await res.json()) as { id: string; access_token: string };
  agentId = made.id;
  cfg = {
    url: upstream.url,
    agentName: 'edge',
    token: made.access_token,
    pushIntervalMs: 250,
    pingIntervalMs: 250,
    pullIntervalMs: 250,
  };
  // the agent: its own embedded database
  const agentDb = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: new Blob([readFileSync(await pgliteTemplatePath())]),
  });
  agentServer = await startTestServer({
    db: agentDb,
    config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] }, upstream: cfg },
  });
}, 180_000);

afterAll(async () => {
  await agent?.stop();
  await agentServer?.close();
  await agentServer?.db.close();
  await upstream?.close();
  await upstreamDb?.close();
  target?.closeAllConnections();
  await new Promise((r) => target?.close(r));
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

async function onAgent(path: string, body: unknown = {}) {
  const res = await agentServer.fetch(path, { method: 'POST', as: 'admin', headers: json, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
}

const agentRows = (table: string, where = sql`true`) =>
  count(agentServer.db, sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`);
const upstreamRows = (table: string, where = sql`true`) =>
  count(upstreamDb, sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`);

let checkId: string;
let scraperId: string;

describe('agent mode', () => {
  it('pushes checks, results, a file scraper and its items upstream stamped with the agent', async () => {
    const [canary] = (await onAgent('/api/db/canaries', {
      name: 'edge-web',
      spec: { schedule: '@every 1h', http: [{ name: 'target', url: targetUrl }] },
    })) as Array<{ id: string }>;
    const { rows } = await sql<{ id: string }>`select id from checks where canary_id = ${canary?.id}`.execute(
      agentServer.db.kysely,
    );
    checkId = rows[0]?.id as string;
    for (let i = 0; i < 2; i++) await onAgent(`/api/canary/run/check/${checkId}`);
    const [scraper] = (await onAgent('/api/db/config_scrapers', {
      name: 'edge-files',
      spec: { schedule: '@every 1h', file: [{ type: 'Doc', id: '$.id', name: '$.name', paths: [`${dir}/*.json`] }] },
    })) as Array<{ id: string }>;
    scraperId = scraper?.id as string;
    await onAgent(`/api/catalog/scrapers/${scraperId}/run`);

    agent = await startUpstreamAgent(agentServer.ctx, cfg);
    await waitFor('the results upstream', async () => (await upstreamRows('check_statuses')) === 2);
    await waitFor(
      'the items upstream',
      async () => (await upstreamRows('config_items', sql`scraper_id = ${scraperId}`)) === 2,
    );
    const up = upstreamDb.kysely;
    const check = await up.selectFrom('checks').selectAll().where('id', '=', checkId).executeTakeFirstOrThrow();
    expect(check.agent_id).toBe(agentId);
    expect(check.name).toBe('target');
    const items = await up
      .selectFrom('config_items')
      .select(['name', 'agent_id'])
      .where('scraper_id', '=', scraperId)
      .orderBy('name')
      .execute();
    expect(items).toEqual([
      { name: 'alpha', agent_id: agentId },
      { name: 'beta', agent_id: agentId },
    ]);
    expect(await upstreamRows('config_scrapers', sql`id = ${scraperId} and agent_id = ${agentId}`)).toBe(1);
    expect(await upstreamRows('canaries', sql`agent_id = ${agentId}`)).toBe(1);
    // the push runs themselves arrive as job history of the agent
    await waitFor(
      'push job history upstream',
      async () => (await upstreamRows('job_history', sql`name = 'PushToUpstream' and agent_id = ${agentId}`)) > 0,
    );
    // the agents page: online (ping), counts and last pushed
    const res = await upstream.fetch(`/api/db/agents_summary?id=eq.${agentId}`);
    const [row] = (await res.json()) as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ status: 'online', checks_count: 1, config_count: 2, config_scrapper_count: 1 });
    expect(row?.last_received).toBeTruthy();
    // the upstream never schedules an agent's canary or scraper itself
    expect(await upstreamRows('canary_schedules')).toBe(0);
  }, 60_000);

  it('queues while the upstream is down and loses and duplicates nothing when it is back', async () => {
    const port = Number(new URL(upstream.url).port);
    await upstream.close(); // the database stays: the same upstream comes back
    for (let i = 0; i < 3; i++) await onAgent(`/api/canary/run/check/${checkId}`);
    writeFiles(dir, { 'c.json': { id: 'c', name: 'gamma' } });
    await onAgent(`/api/catalog/scrapers/${scraperId}/run`);
    // several push runs fail meanwhile, each one a FAILED job; nothing leaves the outbox
    await waitFor(
      'failed pushes',
      async () => (await agentRows('job_history', sql`name = 'PushToUpstream' and status = 'FAILED'`)) >= 3,
    );
    expect(await agentRows('upstream_outbox', sql`table_name = 'check_statuses'`)).toBe(3);
    upstream = await startTestServer({ db: upstreamDb, port });
    await waitFor('the queued results', async () => (await upstreamRows('check_statuses')) === 5);
    await waitFor(
      'the new item',
      async () => (await upstreamRows('config_items', sql`scraper_id = ${scraperId}`)) === 3,
    );
    await waitFor(
      'the outbox drained of results',
      async () => (await agentRows('upstream_outbox', sql`table_name <> 'job_history'`)) === 0,
    );
    // exactly the agent's rows, each once
    const mine = await sql<{
      check_id: string;
      time: Date;
    }>`select check_id, time from check_statuses order by time`.execute(agentServer.db.kysely);
    const theirs = await sql<{
      check_id: string;
      time: Date;
    }>`select check_id, time from check_statuses order by time`.execute(upstreamDb.kysely);
    expect(theirs.rows).toEqual(mine.rows);
    await waitFor(
      'the failed push runs upstream',
      async () =>
        (await upstreamRows(
          'job_history',
          sql`name = 'PushToUpstream' and status = 'FAILED' and agent_id = ${agentId}`,
        )) >= 3,
    );
  }, 90_000);

  it('answers a row whose parent is missing upstream as failed and stores it after the parent', async () => {
    await agent?.stop();
    agent = undefined;
    const a = agentServer.db.kysely;
    // a canary whose own push was lost (its outbox entry gone) and a check under it
    await a.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into canaries (name, spec) values ('lost-parent', '{}'::jsonb) returning id`.execute(trx);
      const canary = rows[0]?.id as string;
      await sql`insert into checks (canary_id, type, name) values (${canary}, 'http', 'orphan')`.execute(trx);
      await sql`delete from upstream_outbox where table_name = 'canaries' and row_key = jsonb_build_object('id', ${canary}::text)`.execute(
        trx,
      );
    });
    const client = upstreamClient(cfg);
    const first = await pushOnce(a, client);
    expect(first.waiting).toEqual({ checks: 1 });
    expect(first.errors?.join()).toMatch(/checks: 1 row\(s\) wait for their parent/);
    expect(await upstreamRows('checks', sql`name = 'orphan'`)).toBe(0);
    const second = await pushOnce(a, client);
    expect(second.pushed).toMatchObject({ canaries: 1, checks: 1 });
    expect(second.waiting).toEqual({});
    expect(await upstreamRows('checks', sql`name = 'orphan' and agent_id = ${agentId}`)).toBe(1);
  }, 60_000);

  it('splits large rows over requests within the body limit and keeps a row too big to send queued', async () => {
    const a = agentServer.db.kysely;
    const blob = (kb: number) => JSON.stringify({ data: 'x'.repeat(kb * 1024) });
    for (const [name, kb] of [
      ['big-1', 300],
      ['big-2', 300],
      ['big-3', 300],
      ['huge', 600],
    ] as const) {
      await sql`insert into config_items (scraper_id, config_class, type, name, config)
        values (${scraperId}, 'Doc', 'Doc', ${name}, ${blob(kb)}::jsonb)`.execute(a);
    }
    const run = await pushOnce(a, upstreamClient(cfg));
    expect(run.pushed.config_items).toBe(3);
    expect(run.errors?.join()).toMatch(/config_items: 1 row\(s\) larger than/);
    expect(await upstreamRows('config_items', sql`name like 'big-%'`)).toBe(3);
    expect(await agentRows('upstream_outbox', sql`table_name = 'config_items'`)).toBe(1);
  }, 60_000);

  it('refuses rows that belong to someone else upstream, and callers that are not agents', async () => {
    const up = upstreamDb.kysely;
    const { rows } = await sql<{ id: string }>`
      insert into canaries (name, spec) values ('local-one', '{"http":[]}'::jsonb) returning id`.execute(up);
    const local = rows[0]?.id as string;
    const push = (body: unknown, token = cfg.token) =>
      fetch(`${upstream.url}/upstream/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await push({ canaries: [{ id: local, name: 'hijacked', spec: {} }] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { refused: unknown }).refused).toEqual({ canaries: [{ id: local }] });
    const after = await up
      .selectFrom('canaries')
      .select(['name', 'agent_id'])
      .where('id', '=', local)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: 'local-one', agent_id: '00000000-0000-0000-0000-000000000000' });
    // a result under the local canary's check is refused too
    const del = await fetch(`${upstream.url}/upstream/push`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${cfg.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ canaries: [{ id: local }] }),
    });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { deleted: unknown }).deleted).toMatchObject({ canaries: 0 });
    // bad input names the field; a person's session is not an agent
    const bad = await push({ checks: [{ name: 'no id' }] });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/checks/);
    expect((await push({ widgets: [] })).status).toBe(400);
    const asAdmin = await upstream.fetch('/upstream/push', { method: 'POST', headers: json, body: '{}' });
    expect(asAdmin.status).toBe(403);
    expect((await fetch(`${upstream.url}/upstream/ping`)).status).toBe(401);
  });

  it('deleting the agent with cleanup soft-deletes what it pushed', async () => {
    const patch = (body: unknown) =>
      upstream.fetch(`/api/db/agents?id=eq.${agentId}`, { method: 'PATCH', headers: json, body: JSON.stringify(body) });
    expect((await patch({ cleanup: true })).status).toBe(200);
    expect((await patch({ deleted_at: new Date().toISOString() })).status).toBe(200);
    expect(await upstreamRows('checks', sql`agent_id = ${agentId} and deleted_at is null`)).toBe(0);
    expect(await upstreamRows('config_items', sql`agent_id = ${agentId} and deleted_at is null`)).toBe(0);
    expect(await upstreamRows('check_statuses')).toBeGreaterThan(0); // history stays
    // and its token no longer pushes
    const res = await fetch(`${upstream.url}/upstream/ping`, { headers: { authorization: `Bearer ${cfg.token}` } });
    expect(res.status).toBe(401);
  });
});
