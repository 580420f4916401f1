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

  it('serves Prometheus text metrics that count requests by route', async () => {
    await server.fetch('/health', { as: null });
    const res = await server.fetch('/metrics', { as: null });
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/opsdeck_http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    expect(text).toContain('opsdeck_process_resident_memory_bytes');
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
