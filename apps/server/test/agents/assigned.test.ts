import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamAgent, type UpstreamAgent } from '../../src/agents/agent/agent.js';
import { upstreamClient } from '../../src/agents/agent/client.js';
import type { UpstreamConfig } from '../../src/agents/agent/config.js';
import { copyId, selectorMatches } from '../../src/agents/upstream/assigned.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { runDueTopologies } from '../../src/topology/worker.js';
import { tempFolder } from '../catalog/helpers.js';
import { createTestDb, pgliteTemplatePath } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { seedPlaybook, status, worker } from '../playbooks/helpers.js';

// Issue 18 part 1, what the upstream hands an agent: canaries and scrapers assigned to it
// (agent_id, agentSelector) pulled and run there, playbook actions with runsOn run there, and
// the links between what the agent finds pushed up. The upstream may not run exec at all here,
// so an exec action that succeeds can only have run on the agent.

let upstreamDb: Db;
let upstream: TestServer;
let agentServer: TestServer;
let agent: UpstreamAgent | undefined;
let target: http.Server;
let targetUrl: string;
let dir: string;
let agentId: string;
let otherToken: string;
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

const rows = async (db: Db, table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(db.kysely))
      .rows[0]?.n ?? 0,
  );

async function generate(name: string): Promise<{ id: string; access_token: string }> {
  const res = await upstream.fetch('/api/agent/generate', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; access_token: string };
}

async function onUpstream(method: string, path: string, body?: unknown) {
  return upstream.fetch(path, { method, headers: json, body: body === undefined ? undefined : JSON.stringify(body) });
}

beforeAll(async () => {
  target = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  dir = tempFolder({ 'a.json': { id: 'a', name: 'alpha' }, 'b.json': { id: 'b', name: 'beta' } });
  upstreamDb = await createTestDb();
  upstream = await startTestServer({
    db: upstreamDb,
    config: { sandbox: { exec: 'off', user: 'nobody', fileRoots: [dir] } },
  });
  const made = await generate('eu-edge');
  agentId = made.id;
  otherToken = (await generate('us-edge')).access_token;
  cfg = {
    url: upstream.url,
    agentName: 'eu-edge',
    token: made.access_token,
    pushIntervalMs: 250,
    pingIntervalMs: 1000,
    pullIntervalMs: 250,
  };
  const agentDb = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: new Blob([readFileSync(await pgliteTemplatePath())]),
  });
  agentServer = await startTestServer({
    db: agentDb,
    config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] }, upstream: cfg },
  });
  agent = await startUpstreamAgent(agentServer.ctx, cfg);
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

let assigned: string;
let selected: string;
let copy: string;
let scraperId: string;
let topologyId: string;

describe('assigned to an agent upstream', () => {
  it('matches agentSelector names and globs', () => {
    expect(selectorMatches(['eu-*'], 'eu-edge')).toBe(true);
    expect(selectorMatches(['eu-*', '!eu-edge'], 'eu-edge')).toBe(false);
    expect(selectorMatches(['!us-*'], 'eu-edge')).toBe(true);
    expect(selectorMatches(['us-edge'], 'eu-edge')).toBe(false);
  });

  it('pulls canaries (agent_id and agentSelector), a scraper and a topology, runs them on the agent, and pushes the results back', async () => {
    const http1 = { http: [{ name: 'assigned-target', url: targetUrl }] };
    let res = await onUpstream('POST', '/api/db/canaries', { name: 'assigned-web', agent_id: agentId, spec: http1 });
    expect(res.status, await res.clone().text()).toBe(201);
    assigned = ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
    res = await onUpstream('POST', '/api/db/canaries', {
      name: 'selected-web',
      spec: { agentSelector: ['eu-*'], http: [{ name: 'selected-target', url: targetUrl }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    selected = ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
    copy = copyId(selected, agentId);
    res = await onUpstream('POST', '/api/db/config_scrapers', {
      name: 'assigned-files',
      agent_id: agentId,
      spec: { file: [{ type: 'Doc', id: '$.id', name: '$.name', paths: [`${dir}/*.json`] }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    scraperId = ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
    res = await onUpstream('POST', '/api/db/topologies', {
      name: 'assigned-topology',
      agent_id: agentId,
      spec: { components: [{ name: 'edge-db', type: 'database', status: 'healthy' }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    topologyId = ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
    // a canary for an agent that does not exist names the field
    res = await onUpstream('POST', '/api/db/canaries', { name: 'nowhere', agent_id: scraperId, spec: http1 });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/agent_id: no agent/);

    // the upstream runs none of them: no checks of its own (the agent may already have pushed its
    // own, which carry its id), no schedules
    expect(
      await rows(
        upstreamDb,
        'checks',
        sql`canary_id in (${assigned}, ${selected}) and agent_id is distinct from ${agentId}`,
      ),
    ).toBe(0);
    expect(await rows(upstreamDb, 'canary_schedules', sql`canary_id in (${assigned}, ${selected})`)).toBe(0);
    expect(await runDueTopologies(upstream.ctx, 'upstream-test')).toBe(0);

    // the agent pulls them under the upstream's ids, with their checks
    const a = agentServer.db;
    await waitFor(
      'the canaries on the agent',
      async () => (await rows(a, 'checks', sql`canary_id in (${assigned}, ${copy})`)) === 2,
    );
    await waitFor(
      'the scraper on the agent',
      async () => (await rows(a, 'config_scrapers', sql`id = ${scraperId}`)) === 1,
    );
    await waitFor(
      'the topology on the agent',
      async () => (await rows(a, 'topologies', sql`id = ${topologyId}`)) === 1,
    );
    expect(await runDueTopologies(agentServer.ctx, 'agent-test')).toBe(1);
    const local = await sql<{ id: string; spec: Record<string, unknown> }>`
      select id, spec from canaries where id = ${copy}`.execute(a.kysely);
    expect(local.rows[0]?.spec.agentSelector).toBeUndefined();
    // another agent is not handed the eu-* copy
    const other = await upstreamClient({ ...cfg, token: otherToken }).pullCanaries();
    expect(other.canaries).toEqual([]);

    // they run on the agent; results and items arrive upstream as the agent's
    const { rows: checks } = await sql<{ id: string }>`
      select id from checks where canary_id in (${assigned}, ${copy})`.execute(a.kysely);
    for (const c of checks) {
      const run = await agentServer.fetch(`/api/canary/run/check/${c.id}`, {
        method: 'POST',
        as: 'admin',
        headers: json,
        body: '{}',
      });
      expect(run.status).toBeLessThan(300);
    }
    const run = await agentServer.fetch(`/api/catalog/scrapers/${scraperId}/run`, {
      method: 'POST',
      as: 'admin',
      headers: json,
      body: '{}',
    });
    expect(run.status, await run.clone().text()).toBeLessThan(300);
    const ids = checks.map((c) => c.id);
    await waitFor(
      'the results upstream',
      async () => (await rows(upstreamDb, 'check_statuses', sql`check_id = any(${ids}::uuid[]) and status`)) === 2,
    );
    await waitFor(
      'the items upstream',
      async () =>
        (await rows(upstreamDb, 'config_items', sql`scraper_id = ${scraperId} and agent_id = ${agentId}`)) === 2,
    );
    expect(await rows(upstreamDb, 'checks', sql`id = any(${ids}::uuid[]) and agent_id = ${agentId}`)).toBe(2);
    await waitFor(
      'the components upstream',
      async () =>
        (await rows(
          upstreamDb,
          'components',
          sql`topology_id = ${topologyId} and name = 'edge-db' and agent_id = ${agentId}`,
        )) === 1,
    );
    // the copy of the agentSelector canary is the agent's upstream, apart from the canary it came from
    expect(await rows(upstreamDb, 'canaries', sql`id = ${copy} and agent_id = ${agentId} and deleted_at is null`)).toBe(
      1,
    );
    expect(await rows(upstreamDb, 'canary_schedules', sql`canary_id in (${assigned}, ${copy})`)).toBe(0);
    await waitFor(
      'a pull job on the agent',
      async () => (await rows(a, 'job_history', sql`name = 'PullFromUpstream'`)) > 0,
    );
  }, 90_000);

  it('pushes the links between what the agent found', async () => {
    const a = agentServer.db.kysely;
    const { rows: items } = await sql<{ id: string }>`
      select id from config_items where scraper_id = ${scraperId} order by name`.execute(a);
    const [alpha, beta] = items.map((i) => i.id);
    const { rows: check } = await sql<{ id: string }>`select id from checks where canary_id = ${assigned}`.execute(a);
    await sql`insert into config_relationships (config_id, related_id, relation) values (${alpha}, ${beta}, 'uses')`.execute(
      a,
    );
    await sql`insert into check_config_relationships (check_id, config_id, canary_id, selector_id)
              values (${check[0]?.id}, ${alpha}, ${assigned}, 'manual')`.execute(a);
    await waitFor(
      'the links upstream',
      async () =>
        (await rows(
          upstreamDb,
          'config_relationships',
          sql`config_id = ${alpha} and related_id = ${beta} and relation = 'uses'`,
        )) === 1 && (await rows(upstreamDb, 'check_config_relationships', sql`config_id = ${alpha}`)) === 1,
    );
    await sql`delete from config_relationships where config_id = ${alpha} and related_id = ${beta}`.execute(a);
    await waitFor(
      'the link removed upstream',
      async () =>
        (await rows(
          upstreamDb,
          'config_relationships',
          sql`config_id = ${alpha} and related_id = ${beta} and deleted_at is not null`,
        )) === 1,
    );
  }, 60_000);

  it('deletes on the agent what the upstream deletes or stops assigning', async () => {
    expect((await onUpstream('DELETE', `/api/db/canaries?id=eq.${assigned}`)).status).toBeLessThan(300);
    const patched = await onUpstream('PATCH', `/api/db/canaries?id=eq.${selected}`, {
      spec: { agentSelector: ['us-*'], http: [{ name: 'selected-target', url: targetUrl }] },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await onUpstream('DELETE', `/api/db/config_scrapers?id=eq.${scraperId}`)).status).toBeLessThan(300);
    expect((await onUpstream('DELETE', `/api/db/topologies?id=eq.${topologyId}`)).status).toBeLessThan(300);
    const a = agentServer.db;
    await waitFor(
      'the canaries deleted on the agent',
      async () =>
        (await rows(a, 'canaries', sql`id in (${assigned}, ${copy}) and deleted_at is not null`)) === 2 &&
        (await rows(a, 'checks', sql`canary_id in (${assigned}, ${copy}) and deleted_at is null`)) === 0,
    );
    await waitFor(
      'the scraper deleted on the agent',
      async () => (await rows(a, 'config_scrapers', sql`id = ${scraperId} and deleted_at is not null`)) === 1,
    );
    // and the agent's checks leave the upstream's lists with its next push
    await waitFor(
      'the checks deleted upstream',
      async () =>
        (await rows(upstreamDb, 'checks', sql`canary_id in (${assigned}, ${copy}) and deleted_at is null`)) === 0,
    );
    expect(await rows(upstreamDb, 'canaries', sql`id = ${copy} and deleted_at is not null`)).toBe(1);
    await waitFor(
      'the topology deleted on the agent, its components upstream',
      async () =>
        (await rows(a, 'topologies', sql`id = ${topologyId} and deleted_at is not null`)) === 1 &&
        (await rows(upstreamDb, 'components', sql`topology_id = ${topologyId} and deleted_at is null`)) === 0,
    );
  }, 60_000);

  it('runs a playbook action with runsOn on the agent and continues the run upstream', async () => {
    const id = await seedPlaybook(
      upstream,
      {
        parameters: [{ name: 'word', type: 'text', default: 'hello' }],
        actions: [
          { name: 'where', runsOn: ['eu-edge'], exec: { script: 'echo "{{.params.word}} from $(hostname)"' } },
          { name: 'after', http: { url: targetUrl } },
        ],
      },
      'on-the-agent',
    );
    const res = await upstream.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, params: { word: 'marker-42' } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { run_id } = (await res.json()) as { run_id: string };
    const w = worker(upstream);
    let s = await status(upstream, run_id);
    const end = Date.now() + 45_000;
    while (s.run.status !== 'completed' && s.run.status !== 'failed' && Date.now() < end) {
      await w.drain();
      await new Promise((r) => setTimeout(r, 100));
      s = await status(upstream, run_id);
    }
    expect(s.run.status, JSON.stringify(s)).toBe('completed');
    expect(s.actions.map((x) => [x.name, x.status])).toEqual([
      ['where', 'completed'],
      ['after', 'completed'],
    ]);
    expect(s.actions[0]?.result.stdout).toBe(`marker-42 from ${os.hostname()}\n`);
    const row = await upstreamDb.kysely
      .selectFrom('playbook_run_actions')
      .select(['agent_id', 'claimed_by'])
      .where('playbook_run_id', '=', run_id)
      .where('name', '=', 'where')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_id: agentId, claimed_by: `agent:${agentId}` });
  }, 60_000);

  it('fails a run whose runsOn names no agent, and refuses outcomes for actions the agent does not hold', async () => {
    const id = await seedPlaybook(
      upstream,
      { actions: [{ name: 'x', runsOn: ['mars'], exec: { script: 'true' } }] },
      'nowhere',
    );
    const res = await upstream.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    const { run_id } = (await res.json()) as { run_id: string };
    await worker(upstream).drain();
    const s = await status(upstream, run_id);
    expect(s.run.status).toBe('failed');
    expect(s.run.error).toMatch(/runsOn: no agent named mars/);
    const post = (path: string, body: unknown) =>
      fetch(`${upstream.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cfg.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(`/upstream/playbook-action/${run_id}`, { ok: true })).status).toBe(409);
    const bad = await post(`/upstream/playbook-action/${run_id}`, { ok: 'yes' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/ok/);
    expect((await upstream.fetch('/upstream/canary/pull')).status).toBe(403);
  }, 60_000);
});
