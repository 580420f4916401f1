import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSchema } from '../../src/rest/schemaCache.js';
import { exposeFunction } from '../../src/rest/whitelist.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { ids, restClient, seed } from './fixtures.js';

let server: TestServer;
let db: ReturnType<typeof restClient>;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server);
  const k = server.db.kysely;
  // test-only functions: a scalar, a set of rows of a table, a TABLE result, a jsonb argument
  await sql`create function rest_add(a int, b int default 10) returns int language sql as $$ select a + b $$`.execute(
    k,
  );
  await sql`create function rest_people_named(pattern text) returns setof people language sql stable as
    $$ select * from people where name ilike pattern $$`.execute(k);
  await sql`create function rest_job_counts() returns table (job text, runs bigint) language sql stable as
    $$ select name, count(*) from job_history group by name $$`.execute(k);
  await sql`create function rest_echo(doc jsonb) returns jsonb language sql as $$ select doc $$`.execute(k);
  await sql`create function rest_hidden() returns int language sql as $$ select 1 $$`.execute(k);
  await sql`create function rest_touch(label text) returns void language sql as
    $$ insert into rest_items (label) values (label) $$`.execute(k);
  exposeFunction('rest_add', { resource: 'database' });
  exposeFunction('rest_people_named', { resource: 'database' });
  exposeFunction('rest_job_counts', { resource: 'database' });
  exposeFunction('rest_echo', { resource: 'database', action: 'update' });
  exposeFunction('rest_touch', { resource: 'database', action: 'create' });
  refreshSchema(server.db);
  db = restClient(server);
});
afterAll(async () => {
  await server?.close();
});

describe('/rpc/<fn>', () => {
  it('calls a scalar function with POST (JSON body) and GET (query params), using defaults', async () => {
    expect((await db.rpc('rest_add', { a: 1, b: 2 })).data).toBe(3);
    expect((await db.rpc('rest_add', { a: 5 }, { get: true })).data).toBe(15);
  });

  it('returns rows of a set-returning function, which take select, filters and order', async () => {
    const { data, error } = await db
      .rpc('rest_people_named', { pattern: '%' }, { get: true })
      .select('name,team:team_id(name)')
      .is('deleted_at', null)
      .order('name', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Cyd', team: { name: 'dev' } },
      { name: 'Bob', team: { name: 'ops' } },
      { name: 'Ann', team: { name: 'ops' } },
    ]);
    const { data: one } = await db.rpc('rest_people_named', { pattern: 'a%' }).select('id').single();
    expect(one).toEqual({ id: ids.ann });
  });

  it('returns TABLE results with a count', async () => {
    const { data, count } = await db.rpc('rest_job_counts', {}, { count: 'exact' }).select('*').order('job');
    expect(data).toEqual([
      { job: 'Cleanup', runs: 3 },
      { job: 'SyncTeams', runs: 3 },
    ]);
    expect(count).toBe(2);
  });

  it('passes JSON arguments and authorizes with the function action', async () => {
    expect((await db.rpc('rest_echo', { doc: { a: [1, { b: null }] } })).data).toEqual({ a: [1, { b: null }] });
    const viewer = restClient(server, 'viewer');
    const { status, error } = await viewer.rpc('rest_echo', { doc: {} });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect((await viewer.rpc('rest_add', { a: 1 })).data).toBe(11);
  });

  it('answers 204 for a void function and keeps its effect', async () => {
    const { status, data, error } = await db.rpc('rest_touch', { label: 'touched' });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    const { count } = await db.from('rest_items').select('*', { count: 'exact', head: true }).eq('label', 'touched');
    expect(count).toBe(1);
  });

  it('answers PGRST202 for a function not exposed, or arguments it does not take', async () => {
    const hidden = await db.rpc('rest_hidden');
    expect(hidden.status).toBe(404);
    expect(hidden.error?.code).toBe('PGRST202');
    const wrong = await db.rpc('rest_add', { x: 1 });
    expect(wrong.status).toBe(404);
    expect(wrong.error?.message).toBe('Could not find the function public.rest_add(x) in the schema cache');
    const bad = await db.rpc('rest_add', { a: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
  });
});
