import { mysqlCheckSchema } from '@opsdeck/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { mysqlCheck } from '../../../src/health/checks/sql.js';
import { redactUrl } from '../../../src/integrations/endpoint.js';
import { mysqlOptions } from '../../../src/integrations/sql/mysql.js';
import { closeSqlPools } from '../../../src/integrations/sql/query.js';
import { closedPort, runnerContext, serviceAvailable } from './runnerContext.js';

const MYSQL_URL = 'mysql://root@127.0.0.1:3306/test';
const available = await serviceAvailable('MariaDB', 3306);

function check(fields: Record<string, unknown>) {
  return mysqlCheckSchema.parse({ name: 'mysql', url: MYSQL_URL, ...fields });
}

describe('mysql check: urls', () => {
  it("accepts the Go driver's DSN as well as mysql:// URLs", () => {
    expect(mysqlOptions({ url: 'app:pw@tcp(db.local:3307)/orders?parseTime=true' }, 5000)).toMatchObject({
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'pw',
      database: 'orders',
    });
    expect(mysqlOptions({ url: 'mysql://db.local/orders', username: 'u', password: 'p' }, 5000)).toMatchObject({
      host: 'db.local',
      port: 3306,
      user: 'u',
      password: 'p',
    });
  });

  it('accepts the Go DSN behind a mysql:// scheme, as upstream files write it, and unix sockets', () => {
    expect(mysqlOptions({ url: 'mysql://app:p@ss@tcp(db.local:3307)/orders' }, 5000)).toMatchObject({
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'orders',
    });
    expect(mysqlOptions({ url: 'root@unix(/run/mysqld/mysqld.sock)/test' }, 5000)).toMatchObject({
      socketPath: '/run/mysqld/mysqld.sock',
      user: 'root',
      database: 'test',
    });
  });

  it('hides the password of a Go DSN wherever the endpoint is shown', () => {
    expect(redactUrl('app:secret@tcp(db:3306)/orders')).toBe('app:****@tcp(db:3306)/orders');
    expect(redactUrl('mysql://app:secret@tcp(db:3306)/orders')).toBe('mysql://app:****@tcp(db:3306)/orders');
  });
});

describe.skipIf(!available)('mysql check against the machine MariaDB', () => {
  afterAll(closeSqlPools);

  it('passes with the rows as results', async () => {
    const out = await mysqlCheck.run(
      check({ query: "select 1 as n, 'a' as label union all select 2, 'b'", results: 2 }),
      runnerContext(),
    );
    expect(out.pass).toBe(true);
    expect(out.data.rows).toEqual([
      { n: 1, label: 'a' },
      { n: 2, label: 'b' },
    ]);
  });

  it('connects with mysql://user@tcp(host:3306)/db', async () => {
    const out = await mysqlCheck.run(
      check({ url: 'mysql://root@tcp(127.0.0.1:3306)/test', query: 'select database() as db' }),
      runnerContext(),
    );
    expect(out).toMatchObject({ pass: true, data: { rows: [{ db: 'test' }] } });
  });

  it('fails when fewer rows than results come back', async () => {
    const out = await mysqlCheck.run(check({ query: 'select 1 from dual where 1 = 0', results: 1 }), runnerContext());
    expect(out).toMatchObject({ pass: false, error: 'query returned 0 rows, expected at least 1' });
  });

  it('fails a slow query at the deadline and the pool keeps working', async () => {
    const started = Date.now();
    const slow = await mysqlCheck.run(check({ query: 'select sleep(5) as s' }), runnerContext({}, 1500));
    expect(slow.pass).toBe(false);
    // MariaDB stops the query itself (max_statement_time); MySQL would, or the client limit does
    expect(slow.error).toMatch(
      process.env.MYSQL_FLAVOR === 'mysql' ? /timeout|interrupted/i : /max_statement_time exceeded/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    const next = await mysqlCheck.run(check({ query: 'select 1 as ok' }), runnerContext());
    expect(next).toMatchObject({ pass: true, data: { rows: [{ ok: 1 }] } });
  });

  it('fails with the server error for a bad query', async () => {
    const out = await mysqlCheck.run(check({ query: 'select * from no_such_table_here' }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/no_such_table_here' doesn't exist/);
  });
});

describe('mysql check without a server', () => {
  afterAll(closeSqlPools);
  it('fails with connection refused on a closed port', async () => {
    const port = await closedPort();
    const out = await mysqlCheck.run(check({ url: `mysql://root@127.0.0.1:${port}/test` }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('refuses a URL of another scheme with a clear message', async () => {
    const out = await mysqlCheck.run(check({ url: 'postgres://127.0.0.1/test' }), runnerContext());
    expect(out.error).toContain('unsupported url scheme postgres:');
  });
});
