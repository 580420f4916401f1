import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ResultWriter } from '../../src/health/results.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The summary keeps check definitions between requests (summaryChecks.ts): every edit a user
// can make must still show on the very next request, and every new result at once.
const NOW = new Date('2025-03-20T10:30:00Z');
const clock = new ManualClock(NOW);
let server: TestServer;
let canaryId: string;

interface Item {
  id: string;
  name: string;
  canary_name: string;
  namespace: string | null;
  labels: Record<string, string>;
  status: string | null;
  uptime: { passed: number; failed: number };
  endpoint?: string;
  icon?: string;
  last_runtime?: string;
  last_transition_time?: string;
  silenced_at?: string;
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

async function items(): Promise<Item[]> {
  const res = await server.fetch('/api/canary/api/summary', { as: 'viewer' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return ((await res.json()) as { checks_summary: Item[] }).checks_summary;
}
const named = async (name: string) => (await items()).find((c) => c.name === name);

async function patchCanary(patch: Record<string, unknown>) {
  const res = await server.fetch(`/api/db/canaries?id=eq.${canaryId}`, { method: 'PATCH', ...json(patch) });
  expect(res.status).toBe(200);
}

const spec = {
  schedule: '@every 5m',
  http: [{ name: 'home', url: 'https://home.example', labels: { tier: 'web' } }],
  tcp: [{ name: 'ssh', endpoint: '127.0.0.1:22' }],
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  const res = await server.fetch('/api/db/canaries', {
    method: 'POST',
    ...json({ name: 'edge', namespace: 'prod', labels: { env: 'prod' }, spec }),
  });
  expect(res.status).toBe(201);
  canaryId = (await res.json())[0].id;
});
afterAll(async () => {
  await server?.close();
});

describe('summary freshness', () => {
  it('sends items with the reference keys in the reference order', async () => {
    const home = (await items()).find((c) => c.name === 'home') as unknown as Record<string, unknown>;
    expect(Object.keys(home)).toEqual([
      'id',
      'canary_id',
      'canary_name',
      'canary_namespace',
      'agent_id',
      'name',
      'namespace',
      'type',
      'labels',
      'status',
      'uptime',
      'latency',
      'created_at',
      'updated_at',
      'endpoint',
    ]);
    expect(home).toMatchObject({ labels: { env: 'prod', tier: 'web' }, status: null, latency: { rolling1h: 0 } });
  });

  it('shows an added, a removed and a relabelled check on the next request', async () => {
    expect((await items()).map((c) => c.name)).toEqual(['home', 'ssh']);
    await patchCanary({
      spec: {
        ...spec,
        http: [{ name: 'home', url: 'https://home.example', labels: { tier: 'edge' } }],
        tcp: [{ name: 'api', endpoint: '127.0.0.1:443' }],
      },
    });
    const after = await items();
    expect(after.map((c) => c.name)).toEqual(['api', 'home']);
    expect(after.find((c) => c.name === 'home')?.labels).toEqual({ env: 'prod', tier: 'edge' });
    expect(after.find((c) => c.name === 'api')?.endpoint).toBe('127.0.0.1:443');
  });

  it('shows a renamed or relabelled canary on its checks at once', async () => {
    await items();
    await patchCanary({ name: 'perimeter', labels: { env: 'staging', owner: 'net' } });
    const home = await named('home');
    expect(home?.canary_name).toBe('perimeter');
    expect(home?.labels).toEqual({ env: 'staging', owner: 'net', tier: 'edge' });
  });

  it('shows an edit that leaves updated_at alone (a rename, a new icon) at once, in name order', async () => {
    await items();
    // updated_at only moves with spec, labels, description and deletion; renames must still show
    await server.db.kysely
      .updateTable('checks')
      .set({ name: 'zeta', icon: 'globe' })
      .where('name', '=', 'api')
      .execute();
    const after = await items();
    expect(after.map((c) => c.name)).toEqual(['home', 'zeta']);
    expect(after[1]?.icon).toBe('globe');
  });

  it('shows a new result as status, last runtime and uptime on the next request', async () => {
    const home = (await named('home')) as Item;
    expect(home.status).toBeNull();
    const writer = new ResultWriter(server.db);
    writer.add({ checkId: home.id, time: new Date(NOW.getTime() - 60_000), pass: false, duration: 120 });
    await writer.flush();
    const failed = (await named('home')) as Item;
    expect(failed).toMatchObject({
      status: 'unhealthy',
      last_runtime: new Date(NOW.getTime() - 60_000).toISOString(),
      uptime: { passed: 0, failed: 1 },
    });
    expect(failed.last_transition_time).toBe(failed.last_runtime);

    writer.add({ checkId: home.id, time: new Date(NOW.getTime() - 10_000), pass: true, duration: 80 });
    await writer.flush();
    expect(await named('home')).toMatchObject({
      status: 'healthy',
      last_runtime: new Date(NOW.getTime() - 10_000).toISOString(),
      uptime: { passed: 1, failed: 1 },
    });
    // sub-millisecond times are cut to the millisecond, as the rest of the API sends them
    await sql`update checks set silenced_at = ${'2025-03-20T10:29:30.123999Z'}::timestamptz where id = ${home.id}`.execute(
      server.db.kysely,
    );
    expect((await named('home'))?.silenced_at).toBe('2025-03-20T10:29:30.123Z');
  });

  it('drops a deleted check and brings back a revived one', async () => {
    await items();
    await patchCanary({
      spec: { schedule: '@every 5m', http: spec.http.map((c) => ({ ...c, labels: { tier: 'edge' } })) },
    });
    expect((await items()).map((c) => c.name)).toEqual(['home']);
    await patchCanary({ spec });
    expect((await items()).map((c) => c.name)).toEqual(['home', 'ssh']);
  });
});
