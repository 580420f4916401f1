// `npm run bench -- streams [--checks 10000] [--streams 200] [--interval 60] [--window 20] [--rounds 2] [--postgres URL]`:
// what open live streams cost. The real server (API, check scheduler, runner and result writer)
// runs N HTTP checks against a target in its own process; once the load is steady, this process's
// CPU is measured over alternating windows with 0 and with S open streams of GET
// /api/events/stream (signed in with an access token; the streams are read by another process so
// their reading is not counted here). Prints both CPU figures, what the streams add, and the events
// each stream received. It prints figures; it never fails on time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { systemClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { startHealthWorker } from '../../apps/server/src/health/engine.js';
import { addUser } from '../../apps/server/src/identity/people/bootstrap.js';
import { createAccessToken } from '../../apps/server/src/identity/tokens/accessTokens.js';
import { liveHub } from '../../apps/server/src/live/registry.js';
import { scratchPostgres } from '../lib/postgres.js';

const TARGET = `
const http = require('node:http');
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); });
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

// Opens S streams on command and reports how many events they received.
const READERS = `
const [url, token, n] = process.argv.slice(1);
let events = 0, open = 0; const controllers = [];
process.stdin.on('data', async (d) => {
  const cmd = d.toString().trim();
  if (cmd === 'open') {
    events = 0;
    await Promise.all(Array.from({ length: Number(n) }, async () => {
      const c = new AbortController(); controllers.push(c);
      const res = await fetch(url + '/api/events/stream', { headers: { authorization: 'Bearer ' + token }, signal: c.signal });
      open++;
      (async () => { try { for await (const chunk of res.body) { const s = Buffer.from(chunk).toString(); events += s.split('\\nevent: check.').length - 1; } } catch {} })();
    }));
    console.log(JSON.stringify({ open }));
  } else if (cmd === 'close') {
    for (const c of controllers.splice(0)) c.abort();
    const got = events; open = 0;
    console.log(JSON.stringify({ events: got }));
  } else if (cmd === 'exit') process.exit(0);
});
`;

function child(script: string, args: string[] = []) {
  const proc = spawn(process.execPath, ['-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: ((l: string) => void)[] = [];
  let buf = '';
  proc.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      lines.shift()?.(line);
    }
  });
  return {
    next: () => new Promise<string>((r) => lines.push(r)),
    send: (cmd: string) => proc.stdin.write(`${cmd}\n`),
    kill: () => proc.kill(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const arg = (argv: string[], name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};

async function cpuOver(ms: number): Promise<number> {
  const start = process.cpuUsage();
  const t0 = performance.now();
  await sleep(ms);
  const used = process.cpuUsage(start);
  return ((used.user + used.system) / 1000 / (performance.now() - t0)) * 100;
}

/**
 * CPU spent delivering events: from the first dispatch of a tick to the end of the ticks queued
 * by then (each stream's corked write leaves in such a tick), accumulated in microseconds.
 */
function meterDispatch(hub: ReturnType<typeof liveHub>): { usedUs(): number } {
  let used = 0;
  let start: NodeJS.CpuUsage | undefined;
  const original = hub.dispatch.bind(hub);
  hub.dispatch = (event) => {
    const first = !start;
    if (first) start = process.cpuUsage();
    original(event);
    // queued after the streams' uncork ticks of this dispatch
    if (first)
      process.nextTick(() => {
        const d = process.cpuUsage(start);
        used += d.user + d.system;
        start = undefined;
      });
  };
  return { usedUs: () => used };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function run(argv: string[]): Promise<void> {
  const n = Number(arg(argv, 'checks', '10000'));
  const streams = Number(arg(argv, 'streams', '200'));
  const intervalS = Number(arg(argv, 'interval', '60'));
  const windowMs = Number(arg(argv, 'window', '20')) * 1000;
  const rounds = Number(arg(argv, 'rounds', '2'));
  const pgUrl = arg(argv, 'postgres', '');

  let db: Db;
  let cleanup: () => Promise<void>;
  if (pgUrl) {
    const scratch = await scratchPostgres(pgUrl);
    if (!scratch) return;
    db = scratch.db;
    cleanup = scratch.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-streams-'));
    db = await openDatabase({ dataDir: dir });
    cleanup = async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const target = child(TARGET);
  const port = await target.next();
  try {
    await migrate(db);
    await sql`
      insert into canaries (name, namespace, source, spec)
      select 'bench-' || g, 'bench', 'UI',
             jsonb_build_object('schedule', ${`@every ${intervalS}s`}::text,
               'http', jsonb_build_array(jsonb_build_object('name', 'c' || g, 'url', ${`http://127.0.0.1:${port}/c/`}::text || g)))
      from generate_series(1, ${n}::int) g`.execute(db.kysely);
    await sql`
      insert into checks (canary_id, type, name, spec)
      select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'bench'`.execute(
      db.kysely,
    );
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webDir: undefined, port: 0, host: '127.0.0.1' };
    const { app, ctx } = await buildApp({ config, db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const personId = await addUser(
      { db, clock: systemClock },
      {
        email: 'bench@example.com',
        roles: ['viewer'],
        password: 'correct-horse-battery',
      },
    );
    const { token } = await createAccessToken(db.kysely, {
      personId,
      name: 'bench',
      lifetimeMs: 3_600_000,
      autoRenew: false,
      now: new Date(),
    });
    const health = await startHealthWorker(ctx);
    const engine = pgUrl ? 'PostgreSQL' : 'embedded';
    console.log(`streams (${engine}): ${n} checks @every ${intervalS}s; waiting for every check to have run`);
    // steady state: every check has a status (its first-run transition is behind it), then one more interval
    for (;;) {
      const row = await sql<{ n: number }>`select count(*)::int as n from checks where status is not null`.execute(
        db.kysely,
      );
      if ((row.rows[0]?.n ?? 0) >= n) break;
      await sleep(2000);
    }
    await sleep(intervalS * 1000);
    const readers = child(READERS, [url, token, String(streams)]);
    const meter = meterDispatch(liveHub(ctx));
    const delivery: number[] = [];
    const idle: number[] = [];
    const busy: number[] = [];
    const perStream: number[] = [];
    for (let r = 0; r < rounds; r++) {
      idle.push(await cpuOver(windowMs));
      readers.send('open');
      await readers.next();
      while (liveHub(ctx).size < streams) await sleep(100);
      const open = liveHub(ctx).size;
      const before = meter.usedUs();
      busy.push(await cpuOver(windowMs));
      delivery.push(((meter.usedUs() - before) / 1000 / windowMs) * 100);
      readers.send('close');
      const { events } = JSON.parse(await readers.next()) as { events: number };
      perStream.push(events / streams / (windowMs / 1000));
      console.log(
        `  round ${r + 1}: 0 streams ${idle[r]?.toFixed(1)}% CPU, ${open} streams ${busy[r]?.toFixed(1)}% CPU`,
      );
      await sleep(2000);
    }
    readers.send('exit');
    const a = mean(idle);
    const b = mean(busy);
    console.log(`  0 streams:   ${a.toFixed(1)}% of one core (mean of ${rounds} windows of ${windowMs / 1000} s)`);
    console.log(`  ${streams} streams: ${b.toFixed(1)}% of one core`);
    console.log(
      `  delivering events to ${streams} streams (measured around each dispatch): ${mean(delivery).toFixed(2)}% of one core\n` +
        `  added: ${(b - a).toFixed(1)} points, ${(((b - a) / a) * 100).toFixed(1)}% more CPU; ` +
        `each stream received ${mean(perStream).toFixed(1)} check events/s (load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    await health.stop();
    await app.close();
  } finally {
    target.kill();
    await cleanup();
  }
}
