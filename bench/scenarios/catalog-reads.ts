// `npm run bench -- catalog-reads [--full] [--items 2000] [--changes 20000] [--seeded URL | --seed-into URL] [--runs 30] [--postgres URL] [--only pglite|postgres]`:
// the read half of the catalog benchmark. Seeds N config items shaped as Kubernetes trees
// (cluster -> namespace -> deployment -> replica set -> pod, parent edges through the real
// trigger) plus M changes spread over 30 days and open insights, then times through the real HTTP
// server, `runs` times each in sequence after a warm-up: POST /api/catalog/summary (by class and
// type, 30 days), the catalog list's first page (/api/config/configs, count=exact),
// POST /api/catalog/changes from a cluster recursively (downstream, depth 5) and
// related_configs_recursive of a namespace (both directions, depth 5). Prints p50/p99 per read.
// Default: 2,000 items and 20,000 changes; --full: the issue's 100,000 items and 1,000,000 changes.
import { type RawBuilder, sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { startTestServer, type TestServer } from '../../apps/server/test/helpers/index.js';
import { scratchPostgres } from '../lib/postgres.js';

interface Options {
  items: number;
  changes: number;
  runs: number;
  /** The database is seeded already (--seeded URL): migrate and time only. */
  seeded?: boolean;
}

const CLUSTERS = 10;
const NAMESPACES = 20 * CLUSTERS;

/** Item counts per level for `n` items: deployments and replica sets 4% each, the rest pods. */
function shape(n: number) {
  const deployments = Math.max(1, Math.round(n * 0.04));
  const pods = Math.max(1, n - CLUSTERS - NAMESPACES - 2 * deployments);
  return { deployments, replicaSets: deployments, pods };
}

const id = (kind: string, i: number | RawBuilder<unknown>) => sql`md5(${kind} || ':' || ${i})::uuid`;

/** Runs one seeding step and prints how long it took (the embedded database is much slower here). */
async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const t = performance.now();
  await fn();
  console.log(`  seed: ${label} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

export async function seed(db: Db, opts: Options): Promise<void> {
  const k = db.kysely;
  const { deployments, replicaSets, pods } = shape(opts.items);
  const { rows } = await sql<{ id: string }>`
    insert into config_scrapers (name, spec) values ('bench', '{"file":[]}'::jsonb) returning id`.execute(k);
  const scraper = rows[0]?.id as string;
  const level = (kind: string, type: string, cls: string, count: number, parent: RawBuilder<unknown> | null) =>
    sql`
      insert into config_items (id, scraper_id, config_class, type, name, health, status, external_id, tags, labels, parent_id, config, created_at, updated_at)
      select ${id(kind, sql.raw('g'))}, ${scraper}, ${cls}, ${type}, ${kind} || '-' || g,
        (array['healthy','healthy','healthy','warning','unhealthy','unknown'])[1 + g % 6],
        (array['Running','Pending','Failed'])[1 + g % 3],
        array[${kind} || '-' || g],
        jsonb_build_object('cluster', 'cluster-' || (g % ${CLUSTERS}), 'namespace', 'ns-' || (g % ${NAMESPACES})),
        jsonb_build_object('app', 'app-' || (g % 50), 'team', 'team-' || (g % 8)),
        ${parent ?? sql`null::uuid`},
        jsonb_build_object('spec', jsonb_build_object('replicas', g % 5, 'image', 'img:' || (g % 30))),
        now() - interval '40 days', now() - (g % 30) * interval '1 day'
      from generate_series(0, ${count - 1}) g`.execute(k);
  await step('clusters', () => level('cluster', 'Kubernetes::Cluster', 'Cluster', CLUSTERS, null));
  await step('namespaces', () =>
    level('namespace', 'Kubernetes::Namespace', 'Namespace', NAMESPACES, id('cluster', sql.raw(`g % ${CLUSTERS}`))),
  );
  await step('deployments', () =>
    level(
      'deployment',
      'Kubernetes::Deployment',
      'Deployment',
      deployments,
      id('namespace', sql.raw(`g % ${NAMESPACES}`)),
    ),
  );
  await step('replica sets', () =>
    level('replicaset', 'Kubernetes::ReplicaSet', 'ReplicaSet', replicaSets, id('deployment', sql.raw('g'))),
  );
  await step('pods', () =>
    level('pod', 'Kubernetes::Pod', 'Pod', pods, id('replicaset', sql.raw(`g % ${replicaSets}`))),
  );

  await sql`create table bench_ids as select (row_number() over (order by id) - 1)::int as n, id from config_items`.execute(
    k,
  );
  await sql`create index on bench_ids (n)`.execute(k);
  const total = opts.items;
  // changes in batches so the embedded database's memory stays flat
  const batch = 100_000;
  for (let from = 0; from < opts.changes; from += batch) {
    const to = Math.min(opts.changes, from + batch) - 1;
    await step(`changes ${from}-${to}`, () =>
      sql`
      insert into config_changes (config_id, change_type, source, severity, summary, created_at, first_observed, fingerprint, inserted_at)
      select b.id, (array['diff','diff','diff','Deployed','Scaled','Unhealthy'])[1 + g % 6], 'bench',
        (array['info','low','medium','high'])[1 + g % 4], 'spec.replicas',
        now() - (g % 43200) * interval '1 minute', now() - (g % 43200) * interval '1 minute', md5((g % 1000)::text),
        now() - (g % 43200) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g join bench_ids b on b.n = ((g::bigint * 7919) % ${total})::int`.execute(
        k,
      ),
    );
  }
  await sql`
    insert into config_analysis (config_id, analyzer, analysis_type, severity, summary)
    select b.id, 'rule-' || (b.n % 20), (array['security','cost','reliability','performance'])[1 + b.n % 4], 'medium', 'bench'
    from bench_ids b where b.n % 10 = 0`.execute(k);
  await sql`drop table bench_ids`.execute(k);
  // what the retention job and autovacuum do after a bulk load: the change day counts folded, the
  // visibility map set (index-only scans) and the statistics current
  await sql`select config_change_days_compact()`.execute(k);
  await sql`vacuum analyze`.execute(k);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function timeRequest(
  server: TestServer,
  label: string,
  runs: number,
  request: () => Promise<Response>,
): Promise<void> {
  const first = await request();
  if (first.status !== 200 && first.status !== 206) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  const size = (await first.text()).length;
  for (let i = 0; i < 2; i++) await (await request()).text();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await request();
    await res.text();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(58)} p50 ${percentile(ms, 0.5).toFixed(1).padStart(7)} ms  p99 ${percentile(ms, 0.99).toFixed(1).padStart(7)} ms  (${(size / 1024).toFixed(1)} KiB)`,
  );
  void server;
}

async function load(engine: string, db: Db, opts: Options): Promise<void> {
  await migrate(db);
  const t = performance.now();
  if (!opts.seeded) await seed(db, opts);
  const counts = await sql<{ items: number; changes: number; edges: number }>`
    select (select count(*)::int from config_items) as items, (select count(*)::int from config_changes) as changes,
      (select count(*)::int from config_relationships) as edges`.execute(db.kysely);
  const c = counts.rows[0];
  console.log(
    `${engine}: ${c?.items} items, ${c?.changes} changes, ${c?.edges} relationships, seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const cluster = (await sql<{ id: string }>`select md5('cluster:0')::uuid::text as id`.execute(db.kysely)).rows[0]?.id;
  const namespace = (await sql<{ id: string }>`select md5('namespace:0')::uuid::text as id`.execute(db.kysely)).rows[0]
    ?.id;
  const server = await startTestServer({ db });
  const post = (path: string, body: unknown) =>
    server.fetch(path, {
      method: 'POST',
      as: 'viewer',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    await timeRequest(server, 'POST /api/catalog/summary (class, type; 30d)', opts.runs, () =>
      post('/api/catalog/summary', {
        groupBy: ['config_class', 'type'],
        changes: { since: '30d' },
        analysis: { since: '30d' },
      }),
    );
    await timeRequest(server, 'GET /api/config/configs first page (count=exact)', opts.runs, () =>
      server.fetch(
        '/api/config/configs?select=id,name,type,config_class,status,health,labels,tags,namespace,changes,analysis,created_at,updated_at,deleted_at&deleted_at=is.null&order=type.asc.nullslast&limit=50&offset=0',
        { as: 'viewer', headers: { prefer: 'count=exact' } },
      ),
    );
    await timeRequest(server, 'POST /api/catalog/changes cluster downstream depth 5', opts.runs, () =>
      post('/api/catalog/changes', { id: cluster, recursive: 'downstream', depth: 5, from: '' }),
    );
    await timeRequest(server, 'POST /api/catalog/changes namespace all depth 5, soft', opts.runs, () =>
      post('/api/catalog/changes', { id: namespace, recursive: 'all', depth: 5, soft: true, from: 'now-7d' }),
    );
    await timeRequest(server, 'GET rpc/related_configs_recursive namespace all depth 5', opts.runs, () =>
      server.fetch(
        `/api/config/rpc/related_configs_recursive?config_id=${namespace}&type_filter=all&max_depth=5&select=id,name,type,depth,direction`,
        { as: 'viewer' },
      ),
    );
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
    // the issue's size with --full; a quick look by default
    items: Number(flag('items') ?? (argv.includes('--full') ? 100_000 : 2_000)),
    changes: Number(flag('changes') ?? (argv.includes('--full') ? 1_000_000 : 20_000)),
    runs: Number(flag('runs') ?? 30),
  };
  const only = flag('only');
  const seeded = flag('seeded');
  const into = flag('seed-into');
  if (into) {
    // seeds an existing empty database and keeps it, for later runs with --seeded
    const db = await openDatabase({ databaseUrl: into, poolMax: 10 });
    try {
      await load('PostgreSQL (seeded and kept)', db, opts);
    } finally {
      await db.close();
    }
    return;
  }
  if (seeded) {
    // a database seeded by an earlier run (kept for before/after comparisons); nothing is dropped
    const db = await openDatabase({ databaseUrl: seeded, poolMax: 10 });
    try {
      await load('PostgreSQL (seeded)', db, { ...opts, seeded: true });
    } finally {
      await db.close();
    }
    return;
  }
  console.log(
    `catalog reads on Node ${process.version}: ${opts.items} items, ${opts.changes} changes, ${opts.runs} runs each`,
  );
  if (only !== 'postgres') {
    const lite = await openDatabase({ dataDir: 'memory://' });
    try {
      await load('PGlite', lite, opts);
    } finally {
      await lite.close();
    }
  }
  if (only === 'pglite') return;
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
