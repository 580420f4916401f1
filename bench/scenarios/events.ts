// `npm run bench -- events [--events N] [--postgres URL]`: queues N check.failed events (default 1,000)
// behind one notification rule that posts to a local webhook, restarts the consumer part-way
// (a graceful stop, then a fresh consumer, as a server restart does), then simulates a crash (a
// worker claims a batch and dies holding it: its lease must run out and another worker take
// over), and prints the events per second processed, on the embedded database and on
// PostgreSQL. The webhook counts deliveries by check id: none lost, none sent twice.
// `--batch N` and `--concurrency N` tune the consumer, `--engine pglite|postgres` runs one engine.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { systemClock } from '../../apps/server/src/clock.js';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { claimEvents } from '../../apps/server/src/events/queue.js';
import { applyRule } from '../../apps/server/src/notifications/rules.js';
import { createEventConsumer } from '../../apps/server/src/notifications/worker.js';
import { scratchPostgres } from '../lib/postgres.js';

const LEASE_MS = 1000;
const CRASH_BATCH = 100;

interface Result {
  engine: string;
  events: number;
  /** Wall time handling events (the wait for the crashed worker's lease left out). */
  seconds: number;
  /** CPU time of this process (worker, webhook and embedded database; not a PostgreSQL server's). */
  cpuSeconds: number;
  beforeRestart: number;
  crashed: number;
  lost: number;
  duplicated: number;
}

async function webhook() {
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const id = (JSON.parse(body) as { check: string }).check;
      received.set(id, (received.get(id) ?? 0) + 1);
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

interface Tuning {
  batchSize?: number;
  channelConcurrency?: number;
}

async function runOn(engine: string, db: Db, n: number, tuning: Tuning = {}): Promise<Result> {
  await migrate(db);
  const hook = await webhook();
  const template = encodeURIComponent('{"check": "{{.check.id}}", "title": "{{.title}}"}');
  await applyRule(
    db.kysely,
    {
      name: 'bench',
      events: ['check.failed'],
      title: '{{.check.name}} failed',
      to: { url: `generic+http://127.0.0.1:${hook.port}/hook?template=${template}` },
    },
    null,
  );
  const { rows } = await sql<{ id: string }>`
    insert into canaries (name, namespace, spec) values ('bench', 'default', '{}'::jsonb) returning id`.execute(
    db.kysely,
  );
  const canary = rows[0]?.id as string;
  await sql`insert into checks (canary_id, type, name, status)
            select ${canary}, 'http', 'check-' || g, 'healthy' from generate_series(1, ${n}) g`.execute(db.kysely);
  // n status transitions: the health trigger queues n check.failed events
  await sql`update checks set status = 'unhealthy' where canary_id = ${canary}`.execute(db.kysely);

  // a short lease, so the events a crashed worker held come back within the run
  const backoff = { baseMs: LEASE_MS, maxMs: 60_000, maxAttempts: 8 };
  const options = { resolveConnection: () => Promise.reject(new Error('unused')), timeoutMs: 5000, backoff, ...tuning };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const first = createEventConsumer(db.kysely, systemClock, options);
  first.start();
  while (hook.received.size < n * 0.3) await new Promise((r) => setTimeout(r, 10));
  await first.stop(); // the restart: in-flight work finishes, the rest waits in event_queue
  const beforeRestart = hook.received.size;
  // the crash: a worker claims a batch and dies holding it; its lease runs out and others take over
  const crashed = await claimEvents(db.kysely, first.events, new Date(), CRASH_BATCH, backoff);
  const second = createEventConsumer(db.kysely, systemClock, options);
  let leaseWait = 0;
  for (;;) {
    await second.runOnce();
    const { rows: queued } = await sql<{ c: number }>`select count(*)::int as c from event_queue`.execute(db.kysely);
    if (!queued[0]?.c) break;
    const t = performance.now();
    await new Promise((r) => setTimeout(r, 50)); // the crashed worker's lease has not run out yet
    leaseWait += performance.now() - t;
  }
  const seconds = (performance.now() - started - leaseWait) / 1000;
  const used = process.cpuUsage(cpu);

  const { rows: left } = await sql<{ c: number }>`select count(*)::int as c from event_queue`.execute(db.kysely);
  const { rows: sent } = await sql<{ c: number }>`
    select count(*)::int as c from notification_send_history where status = 'sent'`.execute(db.kysely);
  hook.close();
  const duplicated = [...hook.received.values()].filter((c) => c > 1).length;
  const lost = n - hook.received.size + (left[0]?.c ?? 0) + Math.abs(n - (sent[0]?.c ?? 0));
  return {
    engine,
    events: n,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    beforeRestart,
    crashed: crashed.length,
    lost,
    duplicated,
  };
}

function print(r: Result): void {
  const perSecond = r.events / r.seconds;
  console.log(
    `${r.engine.padEnd(10)} ${r.events} events in ${r.seconds.toFixed(2)} s: ${perSecond.toFixed(0)} events/s ` +
      `(${(perSecond * 2).toFixed(0)} queue rows/s: dispatch + send; ${r.cpuSeconds.toFixed(2)} CPU s in this process); ` +
      `restarted after ${r.beforeRestart}, then a crash left ${r.crashed} claimed; ` +
      `lost ${r.lost}, sent twice ${r.duplicated}`,
  );
}

export async function run(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const n = Number(arg('--events') ?? 1000);
  const tuning: Tuning = {
    batchSize: arg('--batch') ? Number(arg('--batch')) : undefined,
    channelConcurrency: arg('--concurrency') ? Number(arg('--concurrency')) : undefined,
  };
  const only = arg('--engine');
  const pgUrl = arg('--postgres') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

  if (only !== 'postgres') {
    const lite = await openDatabase({ dataDir: 'memory://' });
    try {
      print(await runOn('PGlite', lite, n, tuning));
    } finally {
      await lite.close();
    }
  }
  const postgres = only === 'pglite' ? null : await scratchPostgres(pgUrl);
  if (postgres) {
    try {
      print(await runOn('PostgreSQL', postgres.db, n, tuning));
    } finally {
      await postgres.drop();
    }
  }
}
