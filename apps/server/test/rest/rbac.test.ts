import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSchema } from '../../src/rest/schemaCache.js';
import { exposeTable } from '../../src/rest/whitelist.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { restClient, seed } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server);
  // a table readable only by roles with `connections` (viewers and responders are not)
  await sql`create table rest_secrets (id serial primary key, owner_id uuid references people (id), label text)`.execute(
    server.db.kysely,
  );
  exposeTable('rest_secrets', { resource: 'connections', writable: true });
  refreshSchema(server.db);
});
afterAll(async () => {
  await server?.close();
});

describe('authorization per table', () => {
  it('lets a viewer read but refuses its POST with 403 and the X-Rbac headers', async () => {
    const viewer = restClient(server, 'viewer');
    const read = await viewer.from('people').select('name').limit(1);
    expect(read.status).toBe(200);
    const res = await server.fetch('/api/db/people', {
      as: 'viewer',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Eve' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-rbac-object')).toBe('identities');
    expect(res.headers.get('x-rbac-action')).toBe('create');
    expect(res.headers.get('x-rbac-subject')).toBeTruthy();
    const body = await res.json();
    expect(body).toMatchObject({ error: 'forbidden', code: '42501' });
    const { count } = await restClient(server)
      .from('people')
      .select('*', { count: 'exact', head: true })
      .eq('name', 'Eve');
    expect(count).toBe(0);
  });

  it('checks writes against the table write resource: an editor edits agents but not people', async () => {
    const editor = restClient(server, 'editor');
    // registering an agent claims its name, which only an admin does (agents/admin/exposed.ts)
    expect((await editor.from('agents').insert({ name: 'agent-e' })).status).toBe(403);
    expect((await editor.from('agents').update({ description: 'edge' }).eq('name', 'agent-a')).status).toBe(204);
    const people = await editor.from('people').update({ title: 'x' }).eq('name', 'Ann');
    expect(people.status).toBe(403);
    const flags = await restClient(server, 'responder').from('properties').insert({ name: 'a.disable', value: 'true' });
    expect(flags.status).toBe(403);
  });

  it('authorizes every embedded table too', async () => {
    const viewer = restClient(server, 'viewer');
    const direct = await viewer.from('rest_secrets').select('*');
    expect(direct.status).toBe(403);
    const embedded = await viewer.from('people').select('name,rest_secrets(label)');
    expect(embedded.status).toBe(403);
    expect(embedded.error?.message).toMatch(/read on connections is not allowed/);
    const admin = await restClient(server).from('people').select('name,rest_secrets(label)').limit(1);
    expect(admin.status).toBe(200);
  });

  it('answers 401 without a subject', async () => {
    const res = await server.fetch('/api/db/people', { as: null });
    expect(res.status).toBe(401);
    const rpc = await server.fetch('/api/db/rpc/anything', { as: null, method: 'POST' });
    expect(rpc.status).toBe(401);
  });
});
