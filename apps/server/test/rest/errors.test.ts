import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { restClient, seed } from './fixtures.js';

let server: TestServer;
let db: ReturnType<typeof restClient>;
beforeAll(async () => {
  server = await startTestServer({ config: { bodyLimit: 64 * 1024 } });
  await seed(server);
  db = restClient(server);
});
afterAll(async () => {
  await server?.close();
});

async function errorOf(path: string, init?: RequestInit) {
  const res = await server.fetch(path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('malformed input answers 4xx with a PostgREST-style body', () => {
  it('PGRST100 for a query string that does not parse', async () => {
    for (const path of [
      '/api/db/people?select=name,',
      '/api/db/people?select=teams(name',
      '/api/db/people?name=eqx.Ann',
      '/api/db/people?name=Ann',
      '/api/db/people?or=(name.eq.Ann',
      '/api/db/people?order=name.sideways',
      '/api/db/people?select=id::evil_type',
      '/api/db/people?title=is.maybe',
    ]) {
      const { status, body } = await errorOf(path);
      expect(status, path).toBe(400);
      expect(body.code, path).toBe('PGRST100');
      expect(body.error).toBe('invalid');
      expect(body.message, path).toMatch(/^"failed to parse/);
    }
    // a NUL byte is refused before parsing, for every route (PostgreSQL cannot store or compare it)
    expect((await errorOf('/api/db/people?select=%22a%00b%22:name')).status).toBe(400);
    const { error } = await db.from('people').select('name').filter('name', 'eqx', 'Ann');
    expect(error?.code).toBe('PGRST100');
    expect(error?.details).toMatch(/expecting an operator/);
  });

  it('404 PGRST205 for a table that is unknown or not exposed', async () => {
    for (const table of ['nope', 'access_tokens', 'schema_migrations']) {
      const { error, status } = await db.from(table).select('*');
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST205');
      expect(error?.message).toBe(`Could not find the table 'public.${table}' in the schema cache`);
    }
  });

  it('42703 for an unknown column in select, filters and order; PGRST204 in a body', async () => {
    for (const path of ['/api/db/people?select=secret', '/api/db/people?secret=eq.1', '/api/db/people?order=secret']) {
      const { status, body } = await errorOf(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: '42703', message: 'column people.secret does not exist' });
    }
    const { error, status } = await db.from('rest_items').insert({ label: 'x', secret: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST204');
    expect(error?.message).toBe("Could not find the 'secret' column of 'rest_items' in the schema cache");
  });

  it('PGRST102 for a body that is not JSON or not an object', async () => {
    for (const body of ['{"label":', 'not json', '42', '[1,2]', '"text"']) {
      const res = await errorOf('/api/db/rest_items', post(body));
      expect(res.status, body).toBe(400);
      expect(res.body.code, body).toBe('PGRST102');
    }
  });

  it('413 for a body over the limit', async () => {
    const huge = JSON.stringify({ label: 'x'.repeat(100 * 1024) });
    const { status, body } = await errorOf('/api/db/rest_items', post(huge));
    expect(status).toBe(413);
    expect(body.message).toBe('request body is too large');
  });

  it('400 with the database message for values of the wrong type', async () => {
    const { error, status } = await db.from('people').select('id').eq('id', 'not-a-uuid');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
    expect(error?.message).toBe('invalid input syntax for type uuid: "not-a-uuid"');
    const json = await errorOf('/api/db/people?select=name->x');
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('42883');
  });

  it('PGRST108 for options on a resource the select does not embed', async () => {
    const { error, status } = await db.from('teams').select('name').eq('people.name', 'Ann');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST108');
  });

  it('405 for writes to a read-only view; 406 for an Accept it cannot produce', async () => {
    const { status, error } = await db.from('job_histories').insert({ name: 'x' });
    expect(status).toBe(405);
    expect(error?.message).toBe("'job_histories' is read-only through /api/db");
    const csv = await errorOf('/api/db/people', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(406);
    expect(csv.body.code).toBe('PGRST107');
  });
});
