// `npm run bench -- playbooks [--runs 1000] [--workers 2] [--concurrency 16] [--submitters 8] [--pool 10] [--types ...]
// [--postgres URL] [--small] [--statements]`: S concurrent clients (as HTTP requests would) submit N runs of a
// three-action playbook (exec through the sandbox, http to a local server, sql on the PostgreSQL it
// runs on) and lets W workers (as W processes would) claim runs and actions
// from the tables. Halfway, one worker stops (graceful restart) and a fresh one takes its place.
// Then, per `--types` (exec,http,sql,notification), runs/3 runs of a playbook of three actions of
// that one type, to split the CPU per action by type.
// Prints runs per second end to end, p50/p99 from submit to completed, this process's CPU per
// action, statements per run (`--statements`: by their first words), and checks that no run was lost or run twice. `--small` runs 60 runs. It never fails on time.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { Registry } from 'prom-client';
import { request as undiciRequest } from 'undici';
import { systemClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { closeSqlPools } from '../../apps/server/src/integrations/sql/query.js';
import { actionContextFor } from '../../apps/server/src/playbooks/context.js';
import { startRun } from '../../apps/server/src/playbooks/runs.js';
import { savePlaybook } from '../../apps/server/src/playbooks/store.js';
import { PlaybookWorker } from '../../apps/server/src/playbooks/worker.js';
import { validatePlaybook } from '../../apps/server/src/playbooks/yaml.js';
import { launcherCpuUsage, stopLauncher } from '../../apps/server/src/sandbox/launcher.js';
import { scratchPostgres } from '../lib/postgres.js';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** Counts the statements this process sends to PostgreSQL (every pg client, the sql action's too) until stop(), by their first words. */
function countStatements(): { stop(): { n: number; byKind: Map<string, number> } } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const byKind = new Map<string, number>();
  let n = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    n++;
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 60);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    return original.apply(this, args);
  };
  return {
    stop() {
      proto.query = original;
      return { n, byKind };
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The action of each `--types` phase: a playbook of three of them, to split the CPU by type. */
const ACTION_SPECS: Record<string, (httpUrl: string, dbUrl: string) => Record<string, unknown>> = {
  exec: () => ({ exec: { script: 'echo {{.run.id}}' } }),
  http: (url) => ({ http: { url } }),
  sql: (_, url) => ({ sql: { url, query: 'select count(*) from playbook_runs' } }),
  // a generic webhook channel to the loopback server: the notification path without a script or a database
  notification: (url) => ({
    notification: { url: `generic+${url}`, title: 'bench', message: '{{.run.id}}' },
  }),
};

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '1000' },
      workers: { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '16' },
      submitters: { type: 'string', default: '8' },
      pool: { type: 'string', default: '10' },
      postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
      small: { type: 'boolean', default: false },
      types: { type: 'string', default: 'exec,http,sql,notification' },
      statements: { type: 'boolean', default: false },
    },
  });
  const runs = values.small ? 60 : Number(values.runs);
  const workers = Number(values.workers);
  const scratch = await scratchPostgres(values.postgres, Number(values.pool));
  if (!scratch) return;
  const target = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  try {
    await migrate(scratch.db);
    const ctx: AppContext = {
      db: scratch.db,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      metrics: new Registry(),
      clock: systemClock,
    };
    const make = () =>
      new PlaybookWorker({
        db: scratch.db,
        clock: systemClock,
        actionContext: actionContextFor(ctx),
        concurrency: Number(values.concurrency),
        pollMs: 100,
      });
    /** Submits `n` runs of a playbook of `actions` and waits for all; answers this process's CPU and statements. */
    const phase = async (name: string, actions: unknown[], n: number, restart: boolean) => {
      const playbook = validatePlaybook({
        apiVersion: 'mission-control.flanksource.com/v1',
        kind: 'Playbook',
        metadata: { name },
        spec: { actions },
      });
      const { id } = await savePlaybook(scratch.db.kysely, playbook, { source: 'ConfigFile' });
      const pool = Array.from({ length: workers }, make);
      // the loopback target lives in this process, so every connection a phase opens to it costs this
      // process twice: the notification channels' pool (the global dispatcher) is filled first
      const slots = workers * Number(values.concurrency);
      await Promise.all(Array.from({ length: slots }, () => undiciRequest(targetUrl).then((r) => r.body.text())));
      const statements = countStatements();
      const cpu0 = process.cpuUsage();
      const launcher0 = await launcherCpuUsage();
      const t0 = Date.now();
      const at0 = performance.now();
      for (const w of pool) w.begin();
      let next = 0;
      const submitter = async () => {
        while (next < n) {
          next++;
          await startRun(ctx, null, { id });
          for (const w of pool) w.wake(); // another process would find it at its next poll
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Number(values.submitters)) }, submitter));
      const submitted = Date.now();
      let restarted = !restart;
      for (;;) {
        const { rows } = await sql<{ done: number }>`
          select count(*)::int as done from playbook_runs
          where playbook_id = ${id} and status in ('completed', 'failed', 'cancelled', 'timed_out')`.execute(
          scratch.db.kysely,
        );
        const done = rows[0]?.done ?? 0;
        if (!restarted && done >= n / 2) {
          restarted = true;
          const old = pool.shift() as PlaybookWorker;
          await old.stop(0); // hands its actions in flight back; the newcomer picks them up
          const fresh = make();
          fresh.begin();
          pool.push(fresh);
        }
        if (done >= n) break;
        await sleep(200);
      }
      const elapsed = (Date.now() - t0) / 1000;
      // the phase's window in a --cpu-prof profile (seconds from the process's start)
      if (process.execArgv.some((a) => a.startsWith('--cpu-prof')))
        console.log(`  phase ${name}: ${(at0 / 1000).toFixed(1)}-${(performance.now() / 1000).toFixed(1)} s`);
      const { n: issued, byKind } = statements.stop();
      const cpu = process.cpuUsage(cpu0);
      const launcher1 = await launcherCpuUsage();
      // the sandbox launcher forks the scripts for this process: its CPU is counted beside this one's
      const launcherMs = (launcher1.user + launcher1.system - launcher0.user - launcher0.system) / 1000;
      for (const w of pool) await w.stop();
      return {
        id,
        elapsed,
        submitted: (submitted - t0) / 1000,
        issued,
        byKind,
        cpuMs: (cpu.user + cpu.system) / 1000,
        launcherMs,
      };
    };
    const mixed = await phase(
      'bench',
      [
        { name: 'exec', exec: { script: 'echo {{.run.id}}' } },
        { name: 'http', http: { url: targetUrl } },
        { name: 'sql', sql: { url: scratch.url, query: 'select count(*) from playbook_runs' } },
      ],
      runs,
      true,
    );
    const { elapsed, issued } = mixed;
    const perType: Array<{ type: string; cpuMs: number; launcherMs: number; n: number; issued: number }> = [];
    for (const type of values.types.split(',').filter(Boolean)) {
      const spec = ACTION_SPECS[type]?.(targetUrl, scratch.url);
      if (!spec) throw new Error(`--types: no bench action for ${type} (${Object.keys(ACTION_SPECS).join(', ')})`);
      const n = Math.max(1, Math.round(runs / 3));
      const p = await phase(
        `bench-${type}`,
        [0, 1, 2].map((i) => ({ name: `${type}${i}`, ...spec })),
        n,
        false,
      );
      perType.push({ type, cpuMs: p.cpuMs, launcherMs: p.launcherMs, n: n * 3, issued: p.issued });
    }
    const { rows: latencies } = await sql<{ ms: number }>`
      select extract(epoch from (end_time - created_at)) * 1000 as ms from playbook_runs
      where playbook_id = ${mixed.id} order by 1`.execute(scratch.db.kysely);
    const ms = latencies.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const { rows: check } = await sql<{ status: string; runs: number }>`
      select status, count(*)::int as runs from playbook_runs group by status`.execute(scratch.db.kysely);
    const { rows: actions } = await sql<{ n: number; bad: number; dup: number }>`
      select count(*)::int as n,
             count(*) filter (where status <> 'completed')::int as bad,
             (select count(*)::int from (select playbook_run_id, action_index from playbook_run_actions
               group by 1, 2 having count(*) > 1) d) as dup
      from playbook_run_actions`.execute(scratch.db.kysely);
    const a = actions[0] ?? { n: 0, bad: 0, dup: 0 };
    const expected = runs * 3 + perType.reduce((s, t) => s + t.n, 0);
    // wall time of each action type, claim to outcome: with the worker's concurrency it bounds throughput
    const { rows: walls } = await sql<{ name: string; p50: number; p99: number }>`
      select a.name, percentile_cont(0.5) within group (order by extract(epoch from (a.end_time - a.start_time)) * 1000) as p50,
             percentile_cont(0.99) within group (order by extract(epoch from (a.end_time - a.start_time)) * 1000) as p99
      from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
      where r.playbook_id = ${mixed.id} group by a.name order by a.name`.execute(scratch.db.kysely);
    console.log(
      `playbook runs: ${runs} (3 actions each: exec, http, sql), ${workers} workers, restart of one worker halfway`,
    );
    console.log(
      `  runs/s end to end:        ${(runs / elapsed).toFixed(1)} (submitting took ${mixed.submitted.toFixed(1)} s, all done in ${elapsed.toFixed(1)} s)`,
    );
    console.log(
      `  submit -> completed:      p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms`,
    );
    console.log(
      `  CPU per action:           server ${(mixed.cpuMs / (runs * 3)).toFixed(2)} ms + sandbox launcher ${(mixed.launcherMs / (runs * 3)).toFixed(2)} ms (scripts' own CPU not counted)`,
    );
    for (const t of perType)
      console.log(
        `    ${`${t.type} only:`.padEnd(22)}server ${(t.cpuMs / t.n).toFixed(2)} ms + launcher ${(t.launcherMs / t.n).toFixed(2)} ms (${t.n / 3} runs of 3 ${t.type} actions, submit and steps included), ${(t.issued / (t.n / 3)).toFixed(1)} statements per run`,
      );
    console.log(
      `  statements per run:       ${(issued / runs).toFixed(1)} (submit, claims, steps, actions; pool of ${values.pool}, ${values.submitters} submitters)`,
    );
    if (values.statements)
      for (const [kind, count] of [...mixed.byKind].sort((x, y) => y[1] - x[1]))
        console.log(`    ${(count / runs).toFixed(2).padStart(6)}  ${kind}`);
    console.log(
      `  action wall time:         ${walls.map((w) => `${w.name} p50 ${Number(w.p50).toFixed(0)} ms / p99 ${Number(w.p99).toFixed(0)} ms`).join(', ')}`,
    );
    console.log(`  run statuses:             ${check.map((c) => `${c.status} ${c.runs}`).join(', ')}`);
    console.log(
      `  actions:                  ${a.n} rows (expected ${expected}), ${a.bad} not completed, ${a.dup} run twice`,
    );
    console.log(
      `  load average:             ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
  } finally {
    target.close();
    stopLauncher();
    await closeSqlPools();
    await scratch.drop();
  }
}
