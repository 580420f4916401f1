import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation', ...extra },
  body: JSON.stringify(body),
});

const spec = {
  schedule: '@every 5m',
  tcp: [{ name: 'ssh', endpoint: '127.0.0.1:22' }],
  dns: [{ name: 'localhost', query: 'localhost' }],
};

async function checksOf(canaryId: string, deleted = false) {
  const res = await server.fetch(
    `/api/db/checks?canary_id=eq.${canaryId}&deleted_at=${deleted ? 'not.is.null' : 'is.null'}&order=name`,
  );
  return (await res.json()) as Array<{ id: string; name: string; type: string }>;
}

describe('/api/db/canaries', () => {
  it('stores a canary and derives its checks in the same write', async () => {
    const res = await server.fetch('/api/db/canaries', {
      method: 'POST',
      ...json({ name: 'edge', namespace: 'prod', spec }),
    });
    expect(res.status).toBe(201);
    const [canary] = await res.json();
    expect(canary).toMatchObject({ name: 'edge', namespace: 'prod', source: 'UI' });
    expect((await checksOf(canary.id)).map((c) => `${c.type}/${c.name}`)).toEqual(['dns/localhost', 'tcp/ssh']);
    const schedule = await server.db.kysely
      .selectFrom('canary_schedules')
      .select('next_runtime')
      .where('canary_id', '=', canary.id)
      .executeTakeFirst();
    expect(schedule?.next_runtime).toBeInstanceOf(Date);
  });

  it('refuses a bad canary with the path of the problem and stores nothing', async () => {
    const bad = { ...spec, tcp: [{ name: 'ssh', endpoint: '127.0.0.1:22', colour: 'blue' }], schedule: '@every soon' };
    const res = await server.fetch('/api/db/canaries', { method: 'POST', ...json({ name: 'broken', spec: bad }) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toContain('spec.tcp[0].colour: unknown field');
    expect(body.message).toContain("spec.schedule: '@every soon'");
    const list = await (await server.fetch('/api/db/canaries?name=eq.broken')).json();
    expect(list).toEqual([]);
  });

  it('keeps the stored canary when an edit is invalid, and re-derives checks on a valid one', async () => {
    const [canary] = await (
      await server.fetch('/api/db/canaries', { method: 'POST', ...json({ name: 'editable', spec }) })
    ).json();
    const invalid = await server.fetch(`/api/db/canaries?id=eq.${canary.id}`, {
      method: 'PATCH',
      ...json({ spec: { ...spec, pod: [{ name: 'p' }] } }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toContain("spec.pod: check type 'pod' has been removed");
    expect(await checksOf(canary.id)).toHaveLength(2);

    const ok = await server.fetch(`/api/db/canaries?id=eq.${canary.id}`, {
      method: 'PATCH',
      ...json({ spec: { schedule: '@hourly', tcp: spec.tcp } }),
    });
    expect(ok.status).toBe(200);
    expect((await checksOf(canary.id)).map((c) => c.name)).toEqual(['ssh']);
    expect((await checksOf(canary.id, true)).map((c) => c.name)).toEqual(['localhost']);
  });

  it('deleting a canary soft-deletes it and its checks', async () => {
    const [canary] = await (
      await server.fetch('/api/db/canaries', { method: 'POST', ...json({ name: 'doomed', spec }) })
    ).json();
    const res = await server.fetch(`/api/db/canaries?id=eq.${canary.id}`, { method: 'DELETE' });
    expect(res.status).toBeLessThan(300);
    expect(await checksOf(canary.id)).toEqual([]);
    expect(await checksOf(canary.id, true)).toHaveLength(2);
    const row = await server.db.kysely
      .selectFrom('canaries')
      .select('deleted_at')
      .where('id', '=', canary.id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
  });

  it('lets viewers read canaries but not write them', async () => {
    expect((await server.fetch('/api/db/canaries', { as: 'viewer' })).status).toBe(200);
    const res = await server.fetch('/api/db/canaries', { method: 'POST', as: 'viewer', ...json({ name: 'v', spec }) });
    expect(res.status).toBe(403);
  });
});

describe('/api/db/connections', () => {
  it('seals passwords on write and never returns them in clear text', async () => {
    const res = await server.fetch('/api/db/connections', {
      method: 'POST',
      ...json({ name: 'cache', type: 'redis', url: 'redis://127.0.0.1:6379', password: 'top-secret' }),
    });
    expect(res.status).toBe(201);
    const [row] = await res.json();
    expect(row.properties).toEqual({ db: '0' });
    const all = await (await server.fetch('/api/db/connections?name=eq.cache')).text();
    expect(all).not.toContain('top-secret');
    const masked = await (await server.fetch('/api/db/connections_list?name=eq.cache')).json();
    expect(masked[0].password).toBe('********');
    const missing = await server.fetch('/api/db/connections', {
      method: 'POST',
      ...json({ name: 'db', type: 'postgres' }),
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('url: This field is required for a postgres connection');
  });
});
