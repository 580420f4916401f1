// `npm run bench -- summary [--checks 10000] [--days 30] [--runs 15] [--changed 1] [--postgres URL] [--only pglite|postgres] [--seed-into URL | --seeded URL]`:
// generates N checks with `days` of results directly in a fresh database (bench/lib/summarySeed.ts), then times
// GET /api/canary/api/summary through the real HTTP server for the ranges 1h, 1d and 30d (1mo) and
// prints p50/p99 per range with the reply's size as JSON and as gzip on the wire (gzip is what a
// browser asks for over plain HTTP), and for 30d p50/p99 and wire size per encoding (identity,
// gzip, br), 1h and 30d with only the failing checks (`status=unhealthy`, the page's default), then 1h and 30d again,
// all checks and failing only, with `--changed` percent of the checks run (results stored by the result writer) before
// each request, on the embedded database and on PostgreSQL. CPU per request is this
// process's (PostgreSQL's own work is not in it). Each time is from sending the request to
// holding the decoded text, in the server's own process. It prints figures; it never fails on time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { ResultWriter } from '../../apps/server/src/health/results.js';
import { startTestServer, type TestServer } from '../../apps/server/test/helpers/index.js';
import { quantile } from '../lib/stats.js';
import { seed } from '../lib/summarySeed.js';

const RANGES = [
  ['1h', '1h'],
  ['1d', '1d'],
  ['30d', '1mo'],
] as const;
/** The page's default window and the longest one people keep open. */
const PAGE_RANGES = [
  ['1h', '1h'],
  ['30d', '1mo'],
] as const;

const DECODE: Record<string, (b: Buffer) => Buffer> = {
  identity: (b) => b,
  gzip: zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
};

/** One GET as a client sees it: sent, received, decompressed and decoded; `wire` is the bytes sent. */
function get(server: TestServer, path: string, encoding: keyof typeof DECODE) {
  const headers = { ...server.headers('viewer'), 'accept-encoding': encoding };
  const started = performance.now();
  return new Promise<{ ms: number; wire: number; text: string }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const used = (res.headers['content-encoding'] as keyof typeof DECODE | undefined) ?? 'identity';
          const text = DECODE[used]?.(raw).toString() ?? '';
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve({ ms: performance.now() - started, wire: raw.length, text });
        });
      })
      .on('error', reject);
  });
}

/**
 * p50, p99 and the first (cold) time of `runs` requests after two warm-up ones, and this process's
 * CPU per timed request (server, client and, on the embedded database, the database). `between`
 * runs before each request, outside the times and the CPU.
 */
async function timed(
  server: TestServer,
  path: string,
  encoding: keyof typeof DECODE,
  runs: number,
  between?: () => Promise<void>,
) {
  const times: number[] = [];
  let first = 0;
  let cpu = 0;
  let last = { ms: 0, wire: 0, text: '' };
  for (let i = 0; i < runs + 2; i++) {
    await between?.();
    const before = process.cpuUsage();
    last = await get(server, path, encoding);
    const used = process.cpuUsage(before);
    if (i === 0) first = last.ms;
    if (i >= 2) {
      times.push(last.ms);
      cpu += (used.user + used.system) / 1000;
    }
  }
  times.sort((a, b) => a - b);
  const p50 = quantile(times, 0.5);
  return { p50, p99: quantile(times, 0.99), first, cpu: cpu / runs, wire: last.wire, text: last.text };
}

/**
 * Before each request, a run of `count` checks (the next ones in turn, a tenth failing) stored by
 * the real result writer at the current time: what a running server changes between two refreshes.
 */
function checkRuns(db: Db, count: number): () => Promise<void> {
  const writer = new ResultWriter(db, { maxBatch: 1_000_000 });
  let ids: string[] | undefined;
  let next = 0;
  return async () => {
    ids ??= (
      await sql<{ id: string }>`select id from checks where deleted_at is null order by id`.execute(db.kysely)
    ).rows.map((r) => r.id);
    const now = Date.now();
    for (let i = 0; i < count && ids.length > 0; i++) {
      const id = ids[next++ % ids.length] as string;
      writer.add({ checkId: id, time: new Date(now + (i % 1000)), pass: next % 10 !== 0, duration: 50 + (next % 400) });
    }
    await writer.flush();
  };
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** Migrates and seeds `db`, printing each step's time with the load average. */
async function seedTimed(label: string, db: Db, checks: number, days: number): Promise<string> {
  const t0 = performance.now();
  await migrate(db);
  console.log(`\n${label}: seeding ${checks} checks, ${days} days; load ${load()}`);
  await seed(db, checks, days, { step: (name, s) => console.log(`  seed: ${name} ${s.toFixed(1)} s`) });
  return `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s, load ${load()}`;
}

async function measure(
  label: string,
  db: Db,
  checks: number,
  days: number,
  runs: number,
  changed: number,
  seeded?: string,
): Promise<void> {
  const how = seeded ?? (await seedTimed(label, db, checks, days));
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from checks where deleted_at is null`.execute(
    db.kysely,
  );
  const server = await startTestServer({ db });
  try {
    console.log(`\n${label}: ${rows[0]?.n} checks, ${days} days of rollups (${how}); load ${load()}`);
    // gzip: what a browser asks for over plain HTTP (br only over HTTPS)
    for (const [name, range] of RANGES) {
      const r = await timed(server, `/api/canary/api/summary?timeRange=${range}`, 'gzip', runs);
      const rows = (JSON.parse(r.text) as { checks_summary: unknown[] }).checks_summary.length;
      console.log(
        `  ${name.padEnd(4)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   first ${r.first.toFixed(0)} ms   CPU ${ms(r.cpu)}/request   ${rows} checks, ${mb(r.text.length)} JSON, ${mb(r.wire)} gzip`,
      );
    }
    // what the health page asks with Hide Passing on (its default): the failing checks alone
    for (const [name, range] of PAGE_RANGES) {
      const failing = await timed(server, `/api/canary/api/summary?timeRange=${range}&status=unhealthy`, 'gzip', runs);
      const failingRows = (JSON.parse(failing.text) as { checks_summary: unknown[] }).checks_summary.length;
      console.log(
        `  ${name.padEnd(4)} failing only (status=unhealthy) p50 ${ms(failing.p50)}   p99 ${ms(failing.p99)}   CPU ${ms(failing.cpu)}/request   ${failingRows} checks, ${mb(failing.text.length)} JSON, ${mb(failing.wire)} gzip`,
      );
    }
    const runsBetween = Math.max(1, Math.round(rows[0]?.n ? (rows[0].n * changed) / 100 : 1));
    for (const [name, range] of PAGE_RANGES) {
      for (const only of ['', '&status=unhealthy']) {
        const c = await timed(
          server,
          `/api/canary/api/summary?timeRange=${range}${only}`,
          'identity',
          runs,
          checkRuns(db, runsBetween),
        );
        console.log(
          `  ${name.padEnd(4)}${only ? ' failing only' : ''} with ${runsBetween} check runs stored before each request (identity): p50 ${ms(c.p50)}   p99 ${ms(c.p99)}   CPU ${ms(c.cpu)}/request   load ${load()}`,
        );
      }
    }
    console.log('  30d by encoding (latency vs bytes on the wire):');
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const r = await timed(server, '/api/canary/api/summary?timeRange=1mo', encoding, runs);
      console.log(
        `    ${encoding.padEnd(8)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   CPU ${ms(r.cpu)}/request   ${mb(r.wire)}`,
      );
    }
    console.log(`  load ${load()}`);
  } finally {
    await server.close();
    if (!seeded) await db.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      checks: { type: 'string', default: '10000' },
      days: { type: 'string', default: '30' },
      runs: { type: 'string', default: '15' },
      changed: { type: 'string', default: '1' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      only: { type: 'string' },
      'seed-into': { type: 'string' },
      seeded: { type: 'string' },
    },
  });
  const checks = Number(values.checks);
  const days = Number(values.days);
  const runs = Number(values.runs);
  const changed = Number(values.changed);

  // an existing empty PostgreSQL database seeded and kept, then timed again by later runs
  // (--seeded URL) without seeding: before/after comparisons on the same data within the hour
  const kept = values['seed-into'] ?? values.seeded;
  if (kept) {
    const db = await openDatabase({ databaseUrl: kept, poolMax: 5 });
    try {
      if (values.seeded) await migrate(db);
      const how = values.seeded ? 'seeded earlier' : await seedTimed('PostgreSQL (kept)', db, checks, days);
      await measure('PostgreSQL (kept)', db, checks, days, runs, changed, how);
    } finally {
      await db.close();
    }
    return;
  }

  if (values.only !== 'postgres') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-summary-'));
    const db = await openDatabase({ dataDir: dir });
    try {
      await measure('embedded (PGlite)', db, checks, days, runs, changed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'pglite') {
    const name = `opsdeck_bench_summary_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: values.postgres });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
    try {
      await measure('PostgreSQL', db, checks, days, runs, changed);
    } finally {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
}
