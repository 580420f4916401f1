import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('system endpoints', () => {
  it('answers liveness and readiness with the database engine', async () => {
    expect(await (await server.fetch('/health', { as: null })).json()).toEqual({ status: 'ok' });
    const ready = await server.fetch('/ready', { as: null });
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(server.db.kind);
  });

  it('answers 503 on /ready while a migration of this build is missing from the database', async () => {
    const ok = (await (await server.fetch('/ready', { as: null })).json()) as Record<string, unknown>;
    expect(ok).toEqual({ status: 'ok', database: server.db.kind, role: 'all' });
    const { rows } = await sql<{ version: number; name: string; checksum: string }>`
      select version, name, checksum from schema_migrations order by version desc limit 1`.execute(server.db.kysely);
    const last = rows[0] as { version: number; name: string; checksum: string };
    await sql`delete from schema_migrations where version = ${last.version}`.execute(server.db.kysely);
    try {
      const res = await server.fetch('/ready', { as: null });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: 'unavailable',
        reason: 'migrations pending',
        pending: [`${String(last.version).padStart(3, '0')}_${last.name}`],
      });
    } finally {
      await sql`insert into schema_migrations (version, name, checksum)
                values (${last.version}, ${last.name}, ${last.checksum})`.execute(server.db.kysely);
    }
    expect((await server.fetch('/ready', { as: null })).status).toBe(200);
  });

  it('serves Prometheus text metrics that count requests by route', async () => {
    await server.fetch('/health', { as: null });
    const res = await server.fetch('/metrics', { as: null });
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/opsdeck_http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    expect(text).toContain('opsdeck_process_resident_memory_bytes');
  });

  it('serves only the families a scrape names with name[]', async () => {
    const res = await server.fetch(
      '/metrics?name[]=opsdeck_process_resident_memory_bytes&name[]=opsdeck_event_loop_delay_seconds',
      { as: null },
    );
    const families = [...(await res.text()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
    expect(families.sort()).toEqual(['opsdeck_event_loop_delay_seconds', 'opsdeck_process_resident_memory_bytes']);
  });

  it('shows the backend version to a signed-in user only', async () => {
    const res = await server.fetch('/api/canary/about', { as: 'viewer' });
    expect(res.status).toBe(200);
    expect((await res.json()).backend).toMatch(/^\d+\.\d+\.\d+/);
    const anon = await server.fetch('/api/canary/about', { as: null });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'sign in required' });
  });

  it('echoes a sane request id and mints one otherwise', async () => {
    const given = await server.fetch('/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const bad = await server.fetch('/health', { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await server.fetch('/api/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('not_found');
  });
});
