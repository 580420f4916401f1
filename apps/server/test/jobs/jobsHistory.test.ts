import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

// The Jobs History page's calls (issue 16 item 4) through /api/db/job_histories: the filter bar's
// PostgREST filters, server sorting and paging with a total, and who may read it.

let server: TestServer;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  const canary = await server.db.kysely
    .insertInto('canaries')
    .values({ name: 'web', spec: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const rows = [
    ['Canary', 'canary', canary.id, 'SUCCESS', 10, 0, now - HOUR],
    ['Canary', 'canary', canary.id, 'FAILED', 0, 2, now - 2 * HOUR],
    ['Canary', 'canary', canary.id, 'WARNING', 3, 1, now - 3 * HOUR],
    ['scrape', 'config_scraper', 'x', 'RUNNING', 0, 0, now - 4 * HOUR],
    ['scrape', 'config_scraper', 'x', 'FAILED', 0, 1, now - 5 * 24 * HOUR],
  ] as const;
  await server.db.kysely
    .insertInto('job_history')
    .values(
      rows.map(([name, type, id, status, ok, errors, at], i) => ({
        name,
        resource_type: type,
        resource_id: id,
        status,
        success_count: ok,
        error_count: errors,
        duration_millis: (i + 1) * 1000,
        details: JSON.stringify(errors ? { errors: ['boom'] } : {}),
        time_start: new Date(at),
        created_at: new Date(at),
      })),
    )
    .execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function page(query: string, as: 'admin' | 'viewer' | 'guest' = 'admin') {
  const res = await server.fetch(`/api/db/job_histories?${query}`, { as, headers: { prefer: 'count=exact' } });
  const rows = res.ok ? ((await res.json()) as Array<Record<string, unknown>>) : [];
  return { status: res.status, rows, total: Number(res.headers.get('content-range')?.split('/')[1]) };
}

describe('jobs history', () => {
  const twoDaysAgo = () => new Date(Date.now() - 48 * HOUR).toISOString();

  it('by default leaves out successes and jobs older than two days, newest first', async () => {
    const res = await page(
      `select=name,status,resource_name&and=(status.not.in.("SUCCESS"))&created_at=gte.${twoDaysAgo()}&order=created_at.desc.nullslast&limit=150&offset=0`,
    );
    expect(res.status).toBe(200);
    expect(res.rows.map((r) => r.status)).toEqual(['FAILED', 'WARNING', 'RUNNING']);
    expect(res.rows[0]?.resource_name).toBe('web');
  });

  it('filters by name, resource type, included statuses and duration', async () => {
    const byName = await page('select=id&name=eq.scrape');
    expect(byName.rows).toHaveLength(2);
    const byType = await page('select=id&resource_type=eq.canary&and=(status.in.("FAILED","WARNING"))');
    expect(byType.rows).toHaveLength(2);
    const slow = await page('select=duration_millis&duration_millis=gte.3000&order=duration_millis.asc');
    expect(slow.rows.map((r) => r.duration_millis)).toEqual([3000, 4000, 5000]);
  });

  it('sorts and pages on the server with a total', async () => {
    const first = await page('select=id,error_count&order=error_count.desc&limit=2&offset=0');
    expect(first.status).toBe(206);
    expect(first.total).toBe(5);
    expect(first.rows.map((r) => r.error_count)).toEqual([2, 1]);
    const last = await page('select=id&order=error_count.desc&limit=2&offset=4');
    expect(last.rows).toHaveLength(1);
  });

  it('lists job names for the filter', async () => {
    const res = await server.fetch('/api/db/job_history_names?select=name&order=name.asc');
    expect(await res.json()).toEqual([{ name: 'Canary' }, { name: 'scrape' }]);
  });

  it('is read-only, for every role that reads', async () => {
    expect((await page('select=id', 'viewer')).status).toBe(200);
    const write = await server.fetch('/api/db/job_history', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'forged' }),
    });
    expect(write.status).toBe(405);
  });

  it('refuses a malformed filter with 400', async () => {
    expect((await page('select=id&and=(status.nope.x)')).status).toBe(400);
  });
});
