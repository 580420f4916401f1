import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { fetchView, saveView } from './helpers.js';

/**
 * A view's merge and panel SQL run on a worker thread's own engine: a slow merge answers an error
 * at `cache.refreshTimeout` while the server keeps answering, the next refresh runs on a fresh
 * engine, and view SQL cannot reach files, large objects or the engine's superuser.
 */

let server: TestServer;
const QUERIES = { ns: { configs: { types: ['Kubernetes::Namespace'] } } };
const COLUMNS = [{ name: 'n', type: 'string', primaryKey: true }];

beforeAll(async () => {
  server = await startTestServer();
  // the engine starts (initdb in WebAssembly) once, outside the timed refreshes
  const warm = await saveView(server, 'warm', { queries: QUERIES, merge: 'select 1 as n', columns: COLUMNS });
  const { body } = await fetchView(server, warm);
  expect(body.refreshStatus, body.refreshError).toBe('fresh');
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const viewWithMerge = (name: string, merge: string, refreshTimeout = '10s') =>
  saveView(server, name, { queries: QUERIES, merge, columns: COLUMNS, cache: { refreshTimeout } });

describe('view SQL off the main thread', () => {
  it('answers a slow merge with a timeout error at refreshTimeout while /health answers at once', async () => {
    const id = await viewWithMerge('sleepy', 'select pg_sleep(6)::text as n', '1s');
    const started = performance.now();
    const answer = fetchView(server, id).then((r) => ({ ...r, ms: performance.now() - started }));
    // meanwhile the server answers other requests promptly
    await new Promise((r) => setTimeout(r, 300));
    const healthStarted = performance.now();
    const health = await server.fetch('/health');
    const healthMs = performance.now() - healthStarted;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000); // the old engine held it until the merge ended (~6 s)
    const { status, body, ms } = await answer;
    expect(status).toBe(502);
    expect(body.refreshStatus).toBe('error');
    expect(body.refreshError).toMatch(/^merge: timed out after \d+(ms|s) \(cache\.refreshTimeout\)$/);
    expect(ms).toBeLessThan(4000); // about 1 s; generous for a loaded machine, well under the 6 s sleep
    // the next refresh runs on a fresh engine
    const next = await viewWithMerge('after-timeout', 'select 2::text as n union all select 3::text');
    const fresh = await fetchView(server, next);
    expect(fresh.body.refreshStatus, fresh.body.refreshError).toBe('fresh');
    expect(fresh.body.totalRows).toBe(2);
  }, 120_000);

  it.each([
    ['lo_import', "select lo_import('/etc/passwd')::text as n", /permission denied for function lo_import/],
    ['lo_export', "select lo_export(1, '/tmp/x')::text as n", /permission denied for function lo_export/],
    ['lo_from_bytea', "select lo_from_bytea(0, 'x')::text as n", /permission denied for function lo_from_bytea/],
    ['pg_read_file', "select pg_read_file('/etc/passwd') as n", /permission denied for function pg_read_file/],
    [
      'pg_read_binary_file',
      "select pg_read_binary_file('/etc/passwd')::text as n",
      /permission denied for function pg_read_binary_file/,
    ],
    ['pg_ls_dir', "select pg_ls_dir('.') as n", /permission denied for function pg_ls_dir/],
    ['pg_stat_file', "select pg_stat_file('PG_VERSION')::text as n", /permission denied for function pg_stat_file/],
    ['set_config', "select set_config('role', 'postgres', false) as n", /permission denied for function set_config/],
    [
      'query_to_xml',
      "select query_to_xml('select 1', true, true, '')::text as n",
      /permission denied for function query_to_xml/,
    ],
    ['copy to a file', "copy (select 1) to '/tmp/opsdeck-x'", /syntax error/],
    ['copy from a program', "copy t from program 'id'", /syntax error/],
    ['set role', 'set role postgres', /syntax error/],
    ['reset role then read', 'select 1) as x; reset role; select (1', /multiple commands|syntax error/],
    ['create a table', 'create table stolen (n text)', /syntax error/],
  ])('refuses %s', async (name, merge, reason) => {
    const id = await viewWithMerge(`refused-${name.replaceAll(/[ _]/g, '-')}`, merge);
    const { status, body } = await fetchView(server, id);
    expect(status).toBe(502);
    expect(body.refreshStatus).toBe('error');
    expect(body.refreshError).toMatch(/^merge: /);
    expect(body.refreshError).toMatch(reason);
  });

  it('runs view SQL as a role without superuser, and still runs ordinary merges and panels', async () => {
    const id = await saveView(server, 'whoami', {
      queries: QUERIES,
      merge: 'select current_user::text as n, (select rolsuper from pg_roles where rolname = current_user)::text as s',
      columns: [...COLUMNS, { name: 's', type: 'string' }],
      panels: [{ name: 'count', type: 'number', query: 'select count(*) as value from ns;' }],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    expect(body.panels[0].rows).toEqual([{ value: 0 }]);
    const rows = await server.fetch(`/api/views/${id}/rows?fingerprint=${body.requestFingerprint}`);
    expect((await rows.json()).rows).toEqual([expect.objectContaining({ n: 'opsdeck_view_sql', s: 'false' })]);
  });
});
