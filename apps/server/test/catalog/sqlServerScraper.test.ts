import { afterAll, describe, expect, it } from 'vitest';
import { collectScrape } from '../../src/catalog/scrape.js';
import { systemClock } from '../../src/clock.js';
import { closeCheckDrivers } from '../../src/health/drivers.js';
import { sqlDriverName } from '../../src/integrations/sql/drivers.js';
import { realServer } from '../health/checks/realServer.js';
import { closedPort } from '../health/checks/runnerContext.js';
import { buildScrapeConfig } from './helpers.js';

// The sql scraper on SQL Server (the mssql check's driver and pools). No SQL Server runs on this
// machine: DSN detection and a real failed TCP connect always run; a real scrape runs when one is
// reachable (OPSDECK_TEST_MSSQL_URL, or 127.0.0.1:1433 as sa) and is skipped, saying why, when not.
const mssql = await realServer('SQL Server', 'OPSDECK_TEST_MSSQL_URL', {
  url: 'sqlserver://sa:OpsDeck-test-1@127.0.0.1:1433?database=master&TrustServerCertificate=true',
  port: 1433,
});

afterAll(closeCheckDrivers);

const scrape = (sql: Record<string, unknown>) =>
  collectScrape(buildScrapeConfig({ sql: [sql] }), { clock: systemClock, fileRoots: { fileRoots: [] } });

describe('sql scraper on SQL Server', () => {
  it('knows SQL Server by its URL, its ADO.NET string, driver or connection type', () => {
    expect(sqlDriverName('sqlserver://sa:p@db:1433?database=master')).toBe('sqlserver');
    expect(sqlDriverName('mssql://db')).toBe('sqlserver');
    expect(sqlDriverName('Server=db,1433;Database=app;User Id=u;Password=p')).toBe('sqlserver');
    expect(sqlDriverName('data source=db;initial catalog=app')).toBe('sqlserver');
    expect(sqlDriverName('postgres://db', 'mssql')).toBe('sqlserver');
    expect(sqlDriverName('db.local:1433', undefined, 'sql_server')).toBe('sqlserver');
    expect(sqlDriverName('root@tcp(127.0.0.1:3306)/mysql')).toBe('mysql');
  });

  it('accepts driver sqlserver and mssql, refuses an unknown driver naming the field', () => {
    for (const driver of ['sqlserver', 'mssql']) {
      expect(() =>
        buildScrapeConfig({ sql: [{ type: 'Row', connection: 'Server=db', driver, query: 'select 1' }] }),
      ).not.toThrow();
    }
    expect(() =>
      buildScrapeConfig({ sql: [{ type: 'Row', connection: 'Server=db', driver: 'oracle', query: 'select 1' }] }),
    ).toThrow(/spec\.sql\[0\]\.driver: unknown sql driver oracle/);
  });

  it('reports a SQL Server it cannot reach (a real TCP connect) without the password', async () => {
    const port = await closedPort();
    const { results } = await scrape({
      type: 'MSSQL::Row',
      id: '$.id',
      connection: `sqlserver://sa:secret@127.0.0.1:${port}?database=master`,
      query: 'select 1 as id',
    });
    expect(results[0]?.items).toEqual([]);
    expect(results[0]?.errors[0]).toMatch(/^sql\[0\]: .*(ECONNREFUSED|Failed to connect)/);
    expect(results[0]?.errors[0]).not.toContain('secret');
  });

  it.skipIf(!mssql.url)(`turns each SQL Server row into an item${mssql.skipped}`, async () => {
    const { results } = await scrape({
      type: 'MSSQL::Row',
      id: '$.name',
      connection: mssql.url,
      query: "select 'a' as name, 1 as n union all select 'b', 2",
    });
    expect(results[0]?.errors).toEqual([]);
    expect(results[0]?.items.map((i) => [i.externalId, i.config])).toEqual([
      ['a', { name: 'a', n: 1 }],
      ['b', { name: 'b', n: 2 }],
    ]);
  });
});
