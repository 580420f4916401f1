import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseProperties } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 16 item 8: feature flags with their source; values set by the environment
// (OPSDECK_PROPERTIES) shadow database rows and cannot be changed through the API.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { properties: { 'logs.disable': 'true', 'views.disable': 'true' } } });
  await server.db.kysely
    .insertInto('properties')
    .values([
      { name: 'views.disable', value: 'false' },
      { name: 'incidents.disable', value: 'true' },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const write = (method: string, path: string, body?: unknown) =>
  server.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('properties', () => {
  it('lists database and environment properties with their source, the environment winning', async () => {
    const res = await server.fetch('/api/properties');
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Array<{ name: string; value: string; source: string }>;
    expect(rows.map((r) => [r.name, r.value, r.source])).toEqual([
      ['incidents.disable', 'true', 'db'],
      ['logs.disable', 'true', 'local'],
      ['views.disable', 'true', 'local'],
    ]);
  });

  it('refuses writing a property the environment sets, with 400 naming it', async () => {
    const create = await write('POST', '/api/db/properties', { name: 'logs.disable', value: 'false' });
    expect(create.status).toBe(400);
    expect(((await create.json()) as { message: string }).message).toContain('set by the environment');
    expect((await write('PATCH', '/api/db/properties?name=eq.views.disable', { value: 'x' })).status).toBe(400);
    expect((await write('DELETE', '/api/db/properties?name=eq.views.disable')).status).toBe(400);
    expect((await write('PATCH', '/api/db/properties?name=eq.incidents.disable', { value: 'false' })).status).toBe(204);
  });

  it('lets viewers read and refuses their writes', async () => {
    expect((await server.fetch('/api/properties', { as: 'viewer' })).status).toBe(200);
    const res = await server.fetch('/api/db/properties', {
      as: 'viewer',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a', value: 'b' }),
    });
    expect(res.status).toBe(403);
  });

  it('reads OPSDECK_PROPERTIES', () => {
    expect(parseProperties('a.disable=true, b = x\nc=')).toEqual({ 'a.disable': 'true', b: 'x', c: '' });
    expect(loadConfig({ OPSDECK_PROPERTIES: 'logs.disable=true' }).properties).toEqual({ 'logs.disable': 'true' });
    expect(() => loadConfig({ OPSDECK_PROPERTIES: 'nonsense' })).toThrow(/OPSDECK_PROPERTIES/);
  });
});
