import { afterAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { closeSqlPools } from '../../../src/integrations/sql/query.js';
import { runnerContext, serviceAvailable } from './runnerContext.js';

// A SQL check's `query` is a Go template (as in the reference) with last_result(): the previous
// result of the check, so a query can ask only for rows newer than the last run.

const pgUp = await serviceAvailable('PostgreSQL', 5432);
const mariaUp = await serviceAvailable('MariaDB', 3306);

const previous = {
  status: true,
  invalid: false,
  time: new Date('2026-01-02T03:04:05Z'),
  duration: 12,
  message: '3 rows',
  error: '',
  results: { count: 3 },
};
const ctx = (last?: Omit<typeof previous, 'results'> & { results: Record<string, unknown> }) => ({
  ...runnerContext(),
  lastResult: async () => last,
});

afterAll(closeSqlPools);

describe.skipIf(!pgUp)('postgres query as a template', () => {
  it('renders last_result() and the template functions into the query it runs', async () => {
    const out = await executeCheck(
      'postgres',
      {
        name: 'since-last',
        url: 'postgres://postgres@127.0.0.1:5432/test',
        query:
          "select {{ (last_result).results.count }} + 1 as next, '{{ strings.ToUpper (last_result).message }}' as msg",
        test: { expr: 'results.rows[0].next == 4' },
        display: { expr: 'results.rows[0].msg' },
      },
      ctx(previous),
    );
    expect(out).toMatchObject({ pass: true, message: '3 ROWS' });
  });

  it('renders last_result as upstream files write it: fields off the function, variables, range', async () => {
    const withRows = { ...previous, results: { count: 3, rows: [{ id: 7 }, { id: 9 }] } };
    const out = await executeCheck(
      'postgres',
      {
        name: 'upstream-forms',
        url: 'postgres://postgres@127.0.0.1:5432/test',
        query: [
          '{{- $rows := index last_result "results" -}}',
          'select {{ last_result.results.count }} as n, {{ $rows.count }} as m,',
          "'{{ range $i, $r := last_result.results.rows }}{{ if $i }},{{ end }}{{ $r.id }}{{ end }}' as ids",
        ].join('\n'),
        test: { expr: 'results.rows[0].n == 3 && results.rows[0].m == 3' },
        display: { expr: 'results.rows[0].ids' },
      },
      ctx(withRows),
    );
    expect(out).toMatchObject({ pass: true, message: '7,9' });
  });

  it('sees an empty last_result() on the first run', async () => {
    const out = await executeCheck(
      'postgres',
      {
        name: 'first-run',
        url: 'postgres://postgres@127.0.0.1:5432/test',
        query: "select '{{ if (last_result).status }}again{{ else }}first{{ end }}' as run",
        display: { expr: 'results.rows[0].run' },
      },
      ctx(undefined),
    );
    expect(out).toMatchObject({ pass: true, message: 'first' });
  });

  it('fails with the template error, not a database error, for a broken template', async () => {
    const out = await executeCheck(
      'postgres',
      { name: 'broken', url: 'postgres://postgres@127.0.0.1:5432/test', query: 'select {{ nope_fn 1 }}' },
      ctx(previous),
    );
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/^query: .*nope_fn/);
  });

  it('leaves a query without {{ as it is', async () => {
    const out = await executeCheck(
      'postgres',
      {
        name: 'plain',
        url: 'postgres://postgres@127.0.0.1:5432/test',
        query: "select '{ not a template }' as t",
        display: { expr: 'results.rows[0].t' },
      },
      ctx(previous),
    );
    expect(out).toMatchObject({ pass: true, message: '{ not a template }' });
  });
});

describe.skipIf(!mariaUp)('mysql: Go driver DSN and templated query against the machine MariaDB', () => {
  it('connects with user@tcp(host:port)/db and runs the rendered query', async () => {
    const out = await executeCheck(
      'mysql',
      {
        name: 'go-dsn',
        url: 'root:@tcp(127.0.0.1:3306)/test?parseTime=true',
        query: 'select database() as db, {{ (last_result).results.count }} * 2 as doubled',
        results: 1,
        display: { expr: "results.rows[0].db + ':' + string(results.rows[0].doubled)" },
      },
      ctx(previous),
    );
    expect(out).toMatchObject({ pass: true, message: 'test:6' });
  });

  it('fails with the server error for a wrong password in the DSN, without showing it', async () => {
    const out = await executeCheck(
      'mysql',
      { name: 'go-dsn-bad', url: 'root:wrong-pw@tcp(127.0.0.1:3306)/test', query: 'select 1' },
      ctx(),
    );
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/Access denied/);
  });
});
