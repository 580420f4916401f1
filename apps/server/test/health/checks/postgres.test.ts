import { postgresCheckSchema } from '@opsdeck/schema';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresCheck } from '../../../src/health/checks/sql.js';
import { closeSqlPools, sqlPoolCount } from '../../../src/integrations/sql/query.js';
import { closedPort, runnerContext, serviceAvailable } from './runnerContext.js';

const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const available = await serviceAvailable('PostgreSQL', 5432);

function check(fields: Record<string, unknown>) {
  return postgresCheckSchema.parse({ name: 'pg', url: PG_URL, ...fields });
}

describe('postgres check: validation', () => {
  it('needs url or connection, and refuses unknown fields by path', () => {
    const missing = postgresCheckSchema.safeParse({ name: 'pg', query: 'select 1' });
    expect(missing.error?.issues[0]?.message).toBe('a postgres check needs url or connection');
    const unknown = postgresCheckSchema.safeParse({ name: 'pg', url: PG_URL, result: 1 });
    expect(unknown.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['result'] });
    const wrongType = postgresCheckSchema.safeParse({ name: 'pg', url: PG_URL, results: 'two' });
    expect(wrongType.error?.issues[0]?.path).toEqual(['results']);
  });
});

describe.skipIf(!available)('postgres check against the machine PostgreSQL', () => {
  afterAll(closeSqlPools);

  it('passes with the rows as results for expressions', async () => {
    const out = await postgresCheck.run(
      check({ query: "select n, 'row ' || n as label, now() as at from generate_series(1, 3) n", results: 3 }),
      runnerContext(),
    );
    expect(out.pass).toBe(true);
    expect(out.data.count).toBe(3);
    const rows = (out.data.results as { rows: Record<string, unknown>[] }).rows;
    expect(rows[1]).toMatchObject({ n: 2, label: 'row 2' });
    expect(typeof rows[0]?.at).toBe('string'); // timestamps become ISO strings
  });

  it('defaults the query to SELECT 1', async () => {
    const out = await postgresCheck.run(check({}), runnerContext());
    expect(out).toMatchObject({ pass: true, data: { count: 1 } });
  });

  it('fails when fewer rows than results come back', async () => {
    const out = await postgresCheck.run(check({ query: 'select 1 where false', results: 1 }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toBe('query returned 0 rows, expected at least 1');
  });

  it('fails on an empty result with markFailOnEmpty', async () => {
    const out = await postgresCheck.run(
      check({ query: 'select 1 where false', markFailOnEmpty: true }),
      runnerContext(),
    );
    expect(out).toMatchObject({ pass: false, error: 'query returned no rows' });
  });

  it('fails with the database error for a bad query', async () => {
    const out = await postgresCheck.run(check({ query: 'select * from no_such_table_here' }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('relation "no_such_table_here" does not exist');
  });

  it('fills $(username) from a secret and never shows the password', async () => {
    const spec = postgresCheckSchema.parse({
      name: 'pg',
      url: 'postgres://$(username):$(password)@127.0.0.1:5432/no_such_db',
      username: { valueFrom: { secretKeyRef: { name: 'pg', key: 'user' } } },
      password: { value: 's3cret/p@ss' },
    });
    const out = await postgresCheck.run(spec, runnerContext({ secrets: { pg: { user: 'postgres' } } }));
    expect(out.pass).toBe(false); // the database does not exist
    expect(out.error).toContain('no_such_db');
    expect(out.error).not.toContain('s3cret');
  });

  it('fails a slow query at the deadline and the pool keeps working', async () => {
    const started = Date.now();
    const slow = await postgresCheck.run(check({ query: 'select pg_sleep(5)' }), runnerContext({}, 1500));
    expect(slow.pass).toBe(false);
    expect(slow.error).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(3000);
    const next = await postgresCheck.run(check({ query: 'select 1 as ok' }), runnerContext());
    expect(next).toMatchObject({ pass: true, data: { rows: [{ ok: 1 }] } });
  });

  it('reuses one bounded pool per connection string (no "too many clients")', async () => {
    await closeSqlPools();
    // a name of its own, so a parallel run of this file (the server-postgres project) is not counted
    const app = `opsdeck-check-${process.pid}-${Date.now()}`;
    const spec = check({ url: `${PG_URL}?application_name=${app}`, query: 'select pg_backend_pid() as pid' });
    const runs = await Promise.all(Array.from({ length: 20 }, () => postgresCheck.run(spec, runnerContext())));
    expect(runs.every((r) => r.pass)).toBe(true);
    expect(sqlPoolCount()).toBe(1);
    const client = new pg.Client(PG_URL);
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [
      app,
    ]);
    await client.end();
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
    expect(rows[0].n).toBeLessThanOrEqual(4);
    const backends = new Set(runs.map((r) => (r.data.rows as { pid: number }[])[0]?.pid));
    expect(backends.size).toBeLessThanOrEqual(4); // 20 runs served by at most 4 server connections
  });
});

describe('postgres check without a server', () => {
  afterAll(closeSqlPools);
  it('fails with connection refused on a closed port', async () => {
    const port = await closedPort();
    const out = await postgresCheck.run(check({ url: `postgres://postgres@127.0.0.1:${port}/test` }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });
});
