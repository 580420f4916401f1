// The thread a view's merge and panel SQL run on (see scratch.ts and threads/deadlinePool.ts): an
// in-memory PGlite of its own, so a runaway query is stopped by terminating this thread. Plain
// JavaScript so that it loads in any worker, whatever TypeScript loader the main thread uses.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The role view SQL runs as: no superuser, nothing but its own temporary tables. */
const ROLE = 'opsdeck_view_sql';

// What view SQL may not call: large objects and server files (lo_import reads files, and looped
// the engine), settings (set_config could take back the superuser role), and functions that run
// SQL text given to them (query_to_xml), which would step around the SELECT-only wrapping.
const REFUSED = [
  'loread',
  'lowrite',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_ls_archive_statusdir',
  'pg_current_logfile',
  'set_config',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
];

const SETUP = `
  create role ${ROLE} nologin nosuperuser nocreatedb nocreaterole noinherit;
  revoke create on schema public from public;
  do $$
  declare f regprocedure;
  begin
    for f in
      select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'pg_catalog' and (p.proname like 'lo\\_%' or p.proname = any (array[${REFUSED.map((f) => `'${f}'`).join(', ')}]))
    loop
      execute format('revoke execute on function %s from public', f);
    end loop;
  end $$;
`;

let db;
try {
  db = await PGlite.create();
  await db.exec(SETUP);
} catch (err) {
  parentPort.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

/** Only a query: the text becomes a subquery, so `set role`, `copy`, DDL and writes cannot parse. */
function wrapped(text) {
  const body = text.replace(/[\s;]+$/, '');
  return `select * from (\n${body}\n) as view_result`;
}

/**
 * One refresh: its tables loaded as the view role inside a transaction that is rolled back, then
 * its queries in order. Answers `{results}` (rows per query, at most `maxRows` each) or `{failed}`
 * (the index of the query that failed, -1 while loading) with the engine's message.
 */
async function refresh({ tables, queries, statementTimeoutMs }) {
  let step = -1;
  await db.exec('begin');
  try {
    await db.query(`set local statement_timeout = ${Math.max(100, Math.floor(statementTimeoutMs))}`);
    await db.query(`set local role ${ROLE}`);
    for (const t of tables) {
      await db.query(t.create, t.params);
    }
    const results = [];
    for (const [i, q] of queries.entries()) {
      step = i;
      const r = await db.query(wrapped(q.text));
      results.push(r.rows.slice(0, q.maxRows));
    }
    return { results };
  } catch (err) {
    return { failed: step, message: err instanceof Error ? err.message : String(err) };
  } finally {
    await db.exec('rollback').catch(() => {});
  }
}

parentPort.on('message', async (task) => {
  let out;
  try {
    out = await refresh(task);
  } catch (err) {
    out = { failed: -1, message: err instanceof Error ? err.message : String(err) };
  }
  try {
    parentPort.postMessage(out);
  } catch {
    parentPort.postMessage({ failed: -1, message: 'the result is not plain data' });
  }
});
parentPort.postMessage({ ready: true });
