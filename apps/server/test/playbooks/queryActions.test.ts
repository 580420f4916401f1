import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';
import { type LokiStandIn, startLoki } from '../logs/lokiStandIn.js';
import { startPrometheus } from '../views/helpers.js';
import { standInForge } from './forge.js';
import { run, seedPerson, seedPlaybook, status, worker } from './helpers.js';

// The prometheus, logs, github and report actions, each run through the API against a real peer
// (Prometheus), the Loki stand-in, the stand-in forge, and the catalog of the test database.

const TOKEN = 'gh-token-42';
let server: TestServer;
let prom: Awaited<ReturnType<typeof startPrometheus>>;
let loki: LokiStandIn;
let forge: Awaited<ReturnType<typeof standInForge>>;
const now = Date.now();

beforeAll(async () => {
  server = await startTestServer();
  prom = await startPrometheus();
  loki = await startLoki([
    {
      labels: { app: 'shop', level: 'error' },
      lines: [
        [now - 60_000, 'payment failed: card declined'],
        [now - 30_000, 'payment failed: timeout'],
      ],
    },
    { labels: { app: 'shop', level: 'info' }, lines: [[now - 45_000, 'order 17 placed']] },
    { labels: { app: 'other' }, lines: [[now - 10_000, 'not this one']] },
  ]);
  const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-forge-'));
  const bare = path.join(root, 'acme/deploy.git');
  mkdirSync(path.dirname(bare), { recursive: true });
  const seed = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-seed-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  writeFileSync(path.join(seed, 'README'), 'deploy\n');
  execFileSync('git', ['-C', seed, 'add', '.']);
  execFileSync('git', ['-C', seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init']);
  execFileSync('git', ['-C', seed, 'push', '-q', bare, 'main']);
  forge = await standInForge(root, TOKEN);
  const scraper = await server.db.kysely
    .insertInto('config_scrapers')
    .values({ name: 'report-scraper', spec: JSON.stringify({}), source: 'UI' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, type, health] of [
    ['web-1', 'Kubernetes::Pod', 'healthy'],
    ['web-2', 'Kubernetes::Pod', 'unhealthy'],
    ['=cmd', 'Kubernetes::Pod', 'healthy'],
    ['db', 'Kubernetes::StatefulSet', 'healthy'],
  ] as const) {
    await server.db.kysely
      .insertInto('config_items')
      .values({
        name,
        type,
        health,
        config_class: 'Pod',
        scraper_id: scraper.id,
        external_id: [name],
      } as never)
      .execute();
  }
}, 90_000);
afterAll(async () => {
  await forge?.close();
  await loki?.close();
  await prom?.stop();
  await server?.close();
});

async function runOnce(name: string, action: Record<string, unknown>) {
  const id = await seedPlaybook(server, { actions: [{ name: 'the-action', ...action }] }, name);
  const { run_id } = await run(server, { id });
  await worker(server).drain();
  return { runId: run_id, ...(await status(server, run_id)) };
}

describe('prometheus action', () => {
  it('runs an instant query and keeps each series with its labels and value', async () => {
    const s = await runOnce('prom-instant', { prometheus: { url: prom.url, query: 'up{job="prometheus"}' } });
    expect(s.run.status).toBe('completed');
    const result = s.actions[0]?.result as { query: string; rows: Array<Record<string, unknown>>; count: number };
    expect(result.query).toBe('up{job="prometheus"}');
    expect(result.count).toBe(1);
    expect(result.rows[0]).toMatchObject({ __name__: 'up', job: 'prometheus', value: 1 });
  });

  it('runs a range query and keeps the points of each series', async () => {
    const s = await runOnce('prom-range', {
      prometheus: { url: prom.url, query: 'up', range: { start: 'now-5m', step: '1s' } },
    });
    expect(s.run.status).toBe('completed');
    const result = s.actions[0]?.result as { range: { step: string }; rows: Array<{ values: unknown[] }> };
    expect(result.range.step).toBe('1');
    expect(result.rows[0]?.values.length).toBeGreaterThan(0);
  });

  it('fails with what Prometheus said about a bad query', async () => {
    const s = await runOnce('prom-bad', { prometheus: { url: prom.url, query: 'sum(' } });
    expect(s.run.status).toBe('failed');
    expect(s.actions[0]?.error).toContain('bad_data');
  });
});

describe('logs action', () => {
  it('searches Loki over the window and keeps the newest lines first', async () => {
    const s = await runOnce('logs-loki', {
      logs: { loki: { url: loki.url, query: '{app="shop"} |= "payment"', since: '1h', limit: '10' } },
    });
    expect(s.run.status).toBe('completed');
    const result = s.actions[0]?.result as { backend: string; lines: Array<{ message: string }>; total: number };
    expect(result.backend).toBe('loki');
    expect(result.lines.map((l) => l.message)).toEqual(['payment failed: timeout', 'payment failed: card declined']);
    expect(result.total).toBe(2);
  });

  it('fails with the backend’s answer when Loki refuses the query', async () => {
    const s = await runOnce('logs-bad', { logs: { loki: { url: loki.url, query: '{app=' } } });
    expect(s.run.status).toBe('failed');
    expect(s.actions[0]?.error).toContain('Loki answered 400');
  });
});

describe('github action', () => {
  it('dispatches each workflow through GitHub’s REST API with the token and inputs', async () => {
    const s = await runOnce('gh-dispatch', {
      github: {
        url: `${forge.url}/api/v3`,
        username: 'acme',
        repo: 'deploy',
        token: { value: TOKEN },
        workflows: [{ id: 'deploy.yaml', ref: 'main', input: '{"env":"prod"}' }],
      },
    });
    expect(s.run.status).toBe('completed');
    expect(s.actions[0]?.result).toEqual({
      repository: 'acme/deploy',
      dispatched: [{ workflow: 'deploy.yaml', ref: 'main', status: 204 }],
    });
    const sent = forge.requests.find((r) => r.path.endsWith('/actions/workflows/deploy.yaml/dispatches'));
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ ref: 'main', inputs: { env: 'prod' } });
  });

  it('fails with GitHub’s message for an unknown branch, and never shows the token', async () => {
    const s = await runOnce('gh-bad-ref', {
      github: {
        url: `${forge.url}/api/v3`,
        username: 'acme',
        repo: 'deploy',
        token: { value: TOKEN },
        workflows: [{ id: 'deploy.yaml', ref: 'nope' }],
      },
    });
    expect(s.run.status).toBe('failed');
    expect(s.actions[0]?.error).toContain('422 No ref found for: nope');
    expect(JSON.stringify(s)).not.toContain(TOKEN);
  });
});

describe('report action', () => {
  it('keeps the matching config items as a CSV artifact and shows the first rows in the result', async () => {
    const s = await runOnce('report-csv', {
      report: { title: 'Pods', format: 'csv', configs: [{ types: ['Kubernetes::Pod'] }] },
    });
    expect(s.run.status).toBe('completed');
    const result = s.actions[0]?.result as { count: number; rows: Array<{ name: string }> };
    expect(result.count).toBe(3);
    expect(result.rows.map((r) => r.name)).toEqual(['=cmd', 'web-1', 'web-2']);
    const listed = await server.fetch(`/api/db/rpc/get_playbook_run_actions?run_id=${s.runId}`);
    const [action] = (await listed.json()) as Array<{ artifacts: Array<{ id: string; filename: string }> }>;
    expect(action?.artifacts[0]?.filename).toBe('report.csv');
    const download = await server.fetch(`/api/artifacts/download/${action?.artifacts[0]?.id}`);
    const csv = await download.text();
    expect(csv.split('\n')[0]).toBe('name,type,namespace,health,status,id,created_at,updated_at');
    expect(csv).toContain('web-2,Kubernetes::Pod,,unhealthy');
    // a name a spreadsheet would run as a formula is kept as text
    expect(csv).toContain("'=cmd,Kubernetes::Pod");
    expect(csv).not.toContain('db,Kubernetes::StatefulSet');
  });
});

describe('report action access', () => {
  it('reads the catalog as the playbook’s author may: an author who may not read it gets no report', async () => {
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'r', report: { configs: [{ types: ['Kubernetes::Pod'] }] } }] },
      'report-author',
    );
    await seedPerson(server, 'agent');
    await server.db.kysely
      .updateTable('playbooks')
      .set({ created_by: testSubjectId('agent') } as never)
      .where('id', '=', id)
      .execute();
    const { run_id } = await run(server, { id });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.run.status).toBe('failed');
    expect(s.actions[0]?.error).toBe("report: the playbook's author may not read the catalog");
  });
});
