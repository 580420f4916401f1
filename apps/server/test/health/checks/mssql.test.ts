import { mssqlCheckSchema } from '@opsdeck/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { mssqlCheck } from '../../../src/health/checks/sql.js';
import { mssqlConfig } from '../../../src/integrations/sql/mssql.js';
import { closeSqlPools } from '../../../src/integrations/sql/query.js';
import { realServer } from './realServer.js';
import { closedPort, runnerContext } from './runnerContext.js';

// Validation, URL parsing and the failure path over a real TCP connection attempt always run; a
// pass against a real SQL Server runs when one is reachable (OPSDECK_TEST_MSSQL_URL, or
// 127.0.0.1:1433 as sa) and is reported as skipped, with the reason in its name, when not.
const mssql = await realServer('SQL Server', 'OPSDECK_TEST_MSSQL_URL', {
  url: 'sqlserver://sa:OpsDeck-test-1@127.0.0.1:1433?database=master&TrustServerCertificate=true',
  port: 1433,
});

describe('mssql check', () => {
  afterAll(closeSqlPools);

  it('needs url or connection', () => {
    const out = mssqlCheckSchema.safeParse({ name: 'mssql', query: 'select 1' });
    expect(out.error?.issues[0]?.message).toBe('a mssql check needs url or connection');
  });

  it("reads the Go driver's sqlserver:// URL and ADO.NET strings", async () => {
    expect(
      await mssqlConfig({ url: 'sqlserver://sa:p%40ss@db.local:1433?database=master&encrypt=disable' }, 5000),
    ).toMatchObject({
      server: 'db.local',
      port: 1433,
      user: 'sa',
      password: 'p@ss',
      database: 'master',
      options: { encrypt: false, trustServerCertificate: false },
      requestTimeout: 5000,
    });
    expect(
      (await mssqlConfig({ url: 'sqlserver://db.local?encrypt=true&TrustServerCertificate=true' }, 5000)).options,
    ).toMatchObject({ encrypt: true, trustServerCertificate: true });
    expect(await mssqlConfig({ url: 'Server=db.local,1444;Database=app;User Id=u;Password=p' }, 5000)).toMatchObject({
      server: 'db.local',
      port: 1444,
      database: 'app',
      user: 'u',
      password: 'p',
    });
  });

  it("honours the Go driver's port= setting in ADO strings", async () => {
    const go = 'server=db.local;user id=sa;password=p;port=1444;database=master';
    expect(await mssqlConfig({ url: go }, 5000)).toMatchObject({ server: 'db.local', port: 1444, user: 'sa' });
    // server=host,port names the port itself; port= does not override it
    expect(await mssqlConfig({ url: 'Server=db.local,1500;Port=1444;Database=app' }, 5000)).toMatchObject({
      port: 1500,
    });
    expect(await mssqlConfig({ url: 'server=db.local;database=app' }, 5000)).toMatchObject({ port: 1433 });
    await expect(mssqlConfig({ url: 'server=db.local;port=abc' }, 5000)).rejects.toThrow('port=abc: not a port number');
  });

  it('fails with the connection error on a closed port', async () => {
    const port = await closedPort();
    const spec = mssqlCheckSchema.parse({
      name: 'mssql',
      url: `sqlserver://sa:secret@127.0.0.1:${port}?database=master`,
    });
    const out = await mssqlCheck.run(spec, runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/ECONNREFUSED|Failed to connect/);
    expect(out.error).not.toContain('secret');
  });

  it.skipIf(!mssql.url)(`runs its query against a real SQL Server${mssql.skipped}`, async () => {
    const spec = mssqlCheckSchema.parse({ name: 'mssql', url: mssql.url, query: 'select 1 as one', results: 1 });
    const out = await mssqlCheck.run(spec, runnerContext({}, 15_000));
    expect(out.error).toBeUndefined();
    expect(out.pass).toBe(true);
    expect(out.data.results).toMatchObject({ count: 1, rows: [{ one: 1 }] });
  });
});
