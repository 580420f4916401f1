// `npm run bench -- rest [--rows N] [--duration S] [--connections 1,10,50] [--postgres URL]`:
// seeds N job_history rows (default 10,000), starts the real server and loads
// GET /api/db/job_history?select=*&order=created_at.desc&limit=50&offset=<page> with
// `Prefer: count=exact` through autocannon (in a worker thread, off the server's event loop),
// printing p50/p99 latency and requests per second per concurrency. It also times the two ways of
// counting in SQL (a separate count(*) vs count(*) over ()) on the same data. PostgreSQL runs too
// when --postgres or TEST_DATABASE_URL is given.
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { startTestServer, testSubjectHeader } from '../../apps/server/test/helpers/index.js';
import { scratchPostgres } from '../lib/postgres.js';

interface Options {
  rows: number;
  duration: number;
  connections: number[];
}

async function seed(db: Db, rows: number): Promise<void> {
  await sql`
    insert into job_history (name, status, duration_millis, details, resource_type, resource_id, created_at, time_start)
    select 'job-' || (g % 20), (array['SUCCESS','FAILED','WARNING','RUNNING'])[1 + g % 4], g % 5000,
      jsonb_build_object('run', g, 'host', 'host-' || (g % 7)), 'team', md5(g::text),
      now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${rows}) g`.execute(db.kysely);
  await sql`analyze job_history`.execute(db.kysely);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Times `query` `n` times in sequence and answers [p50, p99] in ms. */
async function time(query: () => Promise<unknown>, n: number): Promise<[number, number]> {
  for (let i = 0; i < 5; i++) await query(); // warm plans and caches
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await query();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return [percentile(ms, 0.5), percentile(ms, 0.99)];
}

// The two counting strategies, over the same page: what the layer runs (a separate count) and the
// window-function alternative that has to materialize and sort every row before the limit.
async function compareCounts(db: Db, offset: number): Promise<void> {
  const separate = () =>
    sql`select coalesce(json_agg(_r), '[]'::json)::text as body, count(*) as page,
          (select count(*) from job_history) as total
        from (select * from job_history order by created_at desc limit 50 offset ${offset}) _r`.execute(db.kysely);
  const windowed = () =>
    sql`select coalesce(json_agg(_r), '[]'::json)::text as body, count(*) as page, max(_r.total) as total
        from (select *, count(*) over () as total from job_history order by created_at desc limit 50 offset ${offset}) _r`.execute(
      db.kysely,
    );
  const [s50, s99] = await time(separate, 100);
  const [w50, w99] = await time(windowed, 100);
  console.log(
    `  SQL count strategies, offset ${String(offset).padStart(5)}: separate count(*) p50 ${s50.toFixed(2)} ms p99 ${s99.toFixed(2)} ms | ` +
      `count(*) over () p50 ${w50.toFixed(2)} ms p99 ${w99.toFixed(2)} ms (${(w50 / s50).toFixed(2)}x)`,
  );
}

async function load(engine: string, db: Db, opts: Options): Promise<void> {
  await migrate(db);
  await seed(db, opts.rows);
  const server = await startTestServer({ db });
  try {
    const pages = Math.max(1, Math.floor(opts.rows / 50));
    // 20 pages spread over the table, walked in turn by every connection
    const offsets = Array.from({ length: 20 }, (_, i) => Math.floor((i * pages) / 20) * 50);
    const headers = { ...testSubjectHeader('viewer'), prefer: 'count=exact' };
    const check = await server.fetch(`/api/db/job_history?select=*&order=created_at.desc&limit=50&offset=0`, {
      as: 'viewer',
      headers: { prefer: 'count=exact' },
    });
    console.log(
      `${engine}: ${opts.rows} rows; first page ${check.status}, Content-Range ${check.headers.get('content-range')}`,
    );
    await compareCounts(db, 0);
    await compareCounts(db, Math.floor(opts.rows / 2));
    for (const connections of opts.connections) {
      const result = await autocannon({
        url: server.url,
        connections,
        duration: opts.duration,
        workers: 1,
        requests: offsets.map((offset) => ({
          method: 'GET' as const,
          path: `/api/db/job_history?select=*&order=created_at.desc&limit=50&offset=${offset}`,
          headers,
        })),
      });
      console.log(
        `  HTTP list, ${String(connections).padStart(3)} connections, ${opts.duration} s: ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s ` +
          `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
    }
  } finally {
    await server.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const opts: Options = {
    rows: Number(flag('rows') ?? 10_000),
    duration: Number(flag('duration') ?? 10),
    connections: (flag('connections') ?? '1,10,50').split(',').map(Number),
  };
  console.log(`rest list bench on Node ${process.version}: ${opts.rows} rows, count=exact, limit 50`);
  const lite = await openDatabase({ dataDir: 'memory://' });
  try {
    await load('PGlite', lite, opts);
  } finally {
    await lite.close();
  }
  const url = flag('postgres') ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: skipped (pass --postgres URL or set TEST_DATABASE_URL)');
    return;
  }
  const postgres = await scratchPostgres(url);
  if (postgres) {
    try {
      await load('PostgreSQL', postgres.db, opts);
    } finally {
      await postgres.drop();
    }
  }
}
