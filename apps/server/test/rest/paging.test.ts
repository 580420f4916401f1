import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { restClient, seed } from './fixtures.js';

let server: TestServer;
let db: ReturnType<typeof restClient>;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server);
  db = restClient(server);
});
afterAll(async () => {
  await server?.close();
});

describe('order', () => {
  it('orders by several columns, with nulls first or last', async () => {
    const { data } = await db
      .from('job_history')
      .select('name,duration_millis')
      .order('name')
      .order('duration_millis', { ascending: false, nullsFirst: true });
    expect(data?.map((r) => `${r.name}:${r.duration_millis}`)).toEqual([
      'Cleanup:500',
      'Cleanup:300',
      'Cleanup:100',
      'SyncTeams:null',
      'SyncTeams:400',
      'SyncTeams:200',
    ]);
    const { data: last } = await db
      .from('job_history')
      .select('duration_millis')
      .order('duration_millis', { ascending: true, nullsFirst: false });
    expect(last?.map((r) => r.duration_millis)).toEqual([100, 200, 300, 400, 500, null]);
  });

  it('orders by a JSON path', async () => {
    const { data } = await db
      .from('job_history')
      .select('run:details->run')
      .order('details->run', { ascending: false })
      .limit(2);
    expect(data).toEqual([{ run: 5 }, { run: 4 }]);
  });
});

describe('limit, offset, Range and count', () => {
  it('pages with range() and reports the total in Content-Range for count=exact', async () => {
    const { data, count, status } = await db
      .from('job_history')
      .select('duration_millis', { count: 'exact' })
      .order('created_at')
      .range(1, 2);
    expect(data).toEqual([{ duration_millis: 200 }, { duration_millis: 300 }]);
    expect(count).toBe(6);
    expect(status).toBe(206);
    const res = await server.fetch('/api/db/job_history?select=id&limit=2&offset=1&order=created_at', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('1-2/6');
  });

  it('answers 200 with the whole set, */0 when empty, and n-m/* without a count', async () => {
    const all = await db.from('job_history').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(6);
    const none = await server.fetch('/api/db/job_history?select=id&name=eq.nothing', {
      headers: { prefer: 'count=exact' },
    });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await none.json()).toEqual([]);
    const uncounted = await server.fetch('/api/db/job_history?select=id&limit=3');
    expect(uncounted.headers.get('content-range')).toBe('0-2/*');
  });

  it('reads Range: 0-1 with Range-Unit: items', async () => {
    const res = await server.fetch('/api/db/people?select=name&order=name', {
      headers: { range: '0-1', 'range-unit': 'items', prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/4');
    expect(await res.json()).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
    const open = await server.fetch('/api/db/people?select=name&order=name', { headers: { range: '3-' } });
    expect(await open.json()).toEqual([{ name: 'Dee' }]);
  });

  it('answers 416 PGRST103 for an offset past the end', async () => {
    const { error, status } = await db.from('people').select('name', { count: 'exact' }).range(10, 19);
    expect(status).toBe(416);
    expect(error?.code).toBe('PGRST103');
    expect(error?.details).toBe('An offset of 10 was requested, but there are only 4 rows.');
  });

  it('counts with HEAD and no body', async () => {
    const { data, count, status } = await db
      .from('people')
      .select('*', { count: 'exact', head: true })
      .is('deleted_at', null);
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('rejects a malformed limit with PGRST100', async () => {
    const res = await server.fetch('/api/db/people?limit=-1');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST100');
  });
});

describe('single object', () => {
  it('answers one object for application/vnd.pgrst.object+json', async () => {
    const { data, error } = await db.from('people').select('name').eq('name', 'Ann').single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ann' });
  });

  it('answers 406 PGRST116 when not exactly one row matches', async () => {
    const many = await db.from('people').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    expect(many.error?.message).toBe('JSON object requested, multiple (or no) rows returned');
    const none = await db.from('people').select('name').eq('name', 'Zed').single();
    expect(none.error?.details).toBe('The result contains 0 rows');
    const maybe = await db.from('people').select('name').eq('name', 'Zed').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});
