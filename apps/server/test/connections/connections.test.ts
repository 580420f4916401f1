import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSecretBox } from '../../src/connections/secrets.js';
import { prepareConnectionRow } from '../../src/connections/service.js';
import { ConnectionResolver, resolveEnvSource } from '../../src/connections/store.js';
import { startTestServer, storeConnection, type TestServer } from '../helpers/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const store = (input: Record<string, unknown>) => storeConnection(server, input);

describe('connections', () => {
  it('keeps passwords encrypted at rest and masked when listed, yet usable by checks', async () => {
    const id = await store({
      name: 'pg',
      type: 'postgres',
      url: 'postgres://postgres:hunter2@127.0.0.1:5432/test',
      username: 'postgres',
      password: 's3cret-pass',
    });
    const raw = await server.db.kysely
      .selectFrom('connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(raw.password).not.toContain('s3cret-pass');
    const { rows } = await server.db.pool.query('select url, password from connections_list where id = $1', [id]);
    expect(rows[0]).toEqual({ url: 'postgres://postgres:********@127.0.0.1:5432/test', password: '********' });
    const resolver = new ConnectionResolver(server.db, connectionSecretBox(server.ctx.config));
    const conn = await resolver.resolve('connection://default/pg');
    expect(conn.password).toBe('s3cret-pass');
    expect(
      await resolveEnvSource(resolver, { valueFrom: { secretKeyRef: { name: 'pg', key: 'password' } } }, 'default'),
    ).toBe('s3cret-pass');
    await expect(resolver.resolve('connection://default/nope')).rejects.toThrow(
      'connection connection://default/nope not found',
    );
  });

  it('never serves a stored secret through /api/db, only the masked list', async () => {
    const created = await server.fetch('/api/db/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'api-pg',
        type: 'postgres',
        url: 'postgres://u:pw-in-url@127.0.0.1/x',
        password: 'top-secret',
      }),
    });
    expect(created.status).toBe(201);
    const echoed = await created.text();
    expect(echoed).not.toContain('top-secret');
    expect(echoed).not.toContain('pw-in-url');
    const all = await (await server.fetch('/api/db/connections?select=*&name=eq.api-pg')).json();
    expect(all).toHaveLength(1);
    expect(Object.keys(all[0])).not.toEqual(expect.arrayContaining(['password']));
    expect(all[0]).not.toHaveProperty('url');
    for (const query of ['select=password', 'password=like.*', 'order=certificate.asc']) {
      const res = await server.fetch(`/api/db/connections?${query}`);
      expect(res.status, query).toBe(400);
    }
    const listed = await (await server.fetch('/api/db/connections_list?select=url,password&name=eq.api-pg')).json();
    expect(listed).toEqual([{ url: 'postgres://u:********@127.0.0.1/x', password: '********' }]);
  });

  it('refuses a connection without the fields its type requires, and fills type defaults', () => {
    const box = connectionSecretBox(server.ctx.config);
    expect(() => prepareConnectionRow({ name: 'x', type: 'postgres' }, box)).toThrow(
      'url: This field is required for a postgres connection',
    );
    expect(() => prepareConnectionRow({ name: 'x', type: 'carrier-pigeon' }, box)).toThrow(/type must be one of/);
    const sftp = prepareConnectionRow({ name: 's', type: 'sftp', username: 'u', properties: { host: 'files' } }, box);
    expect(sftp.properties).toEqual({ port: '22', host: 'files' });
  });

  it('tests a stored connection for real: passes against PostgreSQL, fails against a closed port', async () => {
    const ok = await store({ name: 'pg-ok', type: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    const res = await server.fetch(`/api/connection/test/${ok}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('connection successful');

    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const bad = await store({ name: 'pg-bad', type: 'postgres', url: `postgres://postgres@127.0.0.1:${closed}/test` });
    const failed = await server.fetch(`/api/connection/test/${bad}`, { method: 'POST' });
    expect(failed.status).toBe(400);
    const body = await failed.json();
    expect(body.error).toBe('connection_failed');
    expect(body.message).toMatch(/connection test failed: .*ECONNREFUSED/);
  });

  it('answers 404 for an unknown connection, 400 for a bad id, 403 for roles that cannot read connections', async () => {
    expect(
      (await server.fetch('/api/connection/test/00000000-0000-4000-8000-000000000999', { method: 'POST' })).status,
    ).toBe(404);
    expect((await server.fetch('/api/connection/test/nope', { method: 'POST' })).status).toBe(400);
    const id = await store({ name: 'pg-viewer', type: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    expect((await server.fetch(`/api/connection/test/${id}`, { method: 'POST', as: 'viewer' })).status).toBe(403);
  });
});
